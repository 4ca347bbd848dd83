import type { Page } from "playwright";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import { formatDate } from "../../core/helpers/dates";

/** The fixture's date of birth as the form's field takes it, dd/mm/yyyy. */
export const typedBirthDate = formatDate(
  validApplication.birthDate as `${number}-${number}-${number}`,
);

/**
 * In the form's steps (version 3, the default), "Next" from step `step` (1 to 3) and the next
 * step's title shown; on one page (version 2) nothing.
 */
export async function nextStep(page: Page, step: number): Promise<void> {
  if ((await page.locator(".application-progress").count()) === 0) return;
  await page.locator("button.application-submit").click();
  await page.locator(`#application-step-${step + 1}-title`).waitFor();
}

/**
 * The English application form's fields but the consents, filled as a
 * visitor types them, step by step in version 3 (then on the consents' step);
 * `phone` instead of the fixture's (codes sent to one phone are limited).
 */
export async function fillApplication(page: Page, phone = validApplication.phone): Promise<void> {
  await page.getByLabel("What is the loan for?").selectOption(validApplication.purpose);
  await nextStep(page, 1);
  await page.getByLabel("Full name").fill(validApplication.fullName);
  await page.getByLabel("NIC number").fill(validApplication.nic);
  // The NIC has filled the date already; typed over, it stays the same.
  await page.getByLabel("Date of birth").fill(typedBirthDate);
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByLabel("E-mail address").fill(validApplication.email);
  await nextStep(page, 2);
  await page.getByLabel("Monthly income (Rs.)").fill(String(validApplication.monthlyIncome));
  await page.getByRole("radio", { name: "Salaried employee" }).check();
  await page.getByLabel("Your bank").selectOption(validApplication.bank);
  await page.getByLabel("District you live in").selectOption(validApplication.district);
  await nextStep(page, 3);
}

/** The two consents an application needs (not the optional marketing one). */
export async function acceptRequiredConsents(page: Page): Promise<void> {
  await page.getByRole("checkbox", { name: /I have read and accept/ }).check();
  await page.getByRole("checkbox", { name: /shares my application/ }).check();
}

/** The whole form in either language (by the fields' ids), the required consents ticked. */
export async function fillApplicationInAnyLanguage(page: Page, phone: string): Promise<void> {
  const field = (name: string) => page.locator(`#application-${name}`);
  await field("purpose").selectOption(validApplication.purpose);
  await nextStep(page, 1);
  await field("fullName").fill(validApplication.fullName);
  await field("nic").fill(validApplication.nic);
  await field("birthDate").fill(typedBirthDate);
  await field("phone").fill(phone);
  await field("email").fill(validApplication.email);
  await nextStep(page, 2);
  await field("monthlyIncome").fill(String(validApplication.monthlyIncome));
  await page.locator('input[name="employment"][value="salaried"]').check();
  await field("bank").selectOption(validApplication.bank);
  await field("district").selectOption(validApplication.district);
  await nextStep(page, 3);
  await field("consents-terms").check();
  await field("consents-shareWithLenders").check();
}
