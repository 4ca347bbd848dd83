import type { Page } from "playwright-core";
import { validApplication } from "../../core/schemas/application.fixtures";

/** The English application form's fields but the consents, filled as a visitor types them. */
export async function fillApplication(page: Page): Promise<void> {
  await page.getByLabel("What is the loan for?").selectOption(validApplication.purpose);
  await page.getByLabel("Full name").fill(validApplication.fullName);
  await page.getByLabel("NIC number").fill(validApplication.nic);
  await page.getByLabel("Date of birth").fill(validApplication.birthDate);
  await page.getByLabel("Mobile number").fill(validApplication.phone);
  await page.getByLabel("E-mail address").fill(validApplication.email);
  await page.getByLabel("Monthly income (Rs.)").fill(String(validApplication.monthlyIncome));
  await page.getByRole("radio", { name: "Salaried employee" }).check();
  await page.getByLabel("Your bank").selectOption(validApplication.bank);
  await page.getByLabel("District you live in").selectOption(validApplication.district);
}

/** The two consents an application needs (not the optional marketing one). */
export async function acceptRequiredConsents(page: Page): Promise<void> {
  await page.getByRole("checkbox", { name: /I have read and accept/ }).check();
  await page.getByRole("checkbox", { name: /shares my application/ }).check();
}
