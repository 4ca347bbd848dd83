import { generateSync } from "otplib";
import type { Page } from "playwright";
import { expect } from "vitest";
import type { StaffRole } from "../../core/views/back-office";
import { COMMAND_LINE } from "../../server/staff/audit";
import { createStaff } from "../../server/staff/staff";
import { addStaffMember, type TestMember } from "../../server/staff/staff.test-support";
import { openStorage } from "../../server/storage/database";
import type { ServerProcess } from "./server-process";

/**
 * Staff for the browser tests (issue 16): made with the service in the
 * running server's storage (its DATA_DIR), as `npm run staff` does.
 */
async function withServerStorage<T>(
  server: ServerProcess,
  work: (storage: ReturnType<typeof openStorage>) => Promise<T>,
): Promise<T> {
  const storage = openStorage({ dataDir: server.dataDir });
  try {
    return await work(storage);
  } finally {
    await storage.close();
  }
}

/** A member with a password set (and two-step sign-in when asked). */
export function staffMember(
  server: ServerProcess,
  options: { email: string; role: StaffRole; twoFactor?: boolean },
): Promise<TestMember> {
  return withServerStorage(server, (storage) => addStaffMember(storage, options));
}

/** A new member's one-time link (a path), as an admin or the staff tool hands it out. */
export function enrolmentPath(
  server: ServerProcess,
  options: { email: string; role: StaffRole },
): Promise<string> {
  return withServerStorage(server, async (storage) => {
    const issued = await createStaff(storage, options, COMMAND_LINE, new Date());
    return `/admin/enrol/?token=${issued.token}`;
  });
}

/**
 * The code an authenticator app shows for a secret. `stepsAhead` 1 gives the
 * next step's code, which the server accepts (one step of drift) when the
 * current one was just used: no waiting for the clock.
 */
export function authenticatorCode(secret: string, stepsAhead = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

/** Signs in through the sign-in page (the page is on it), with the code step when there is one. */
export async function signInThroughThePage(
  page: Page,
  member: { email: string; password: string; secret?: string | undefined },
  stepsAhead = 0,
): Promise<void> {
  await page.getByLabel("E-mail").fill(member.email);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (member.secret) {
    await page.getByRole("heading", { name: "Enter your code" }).waitFor();
    await page.getByLabel("Code").fill(authenticatorCode(member.secret, stepsAhead));
    await page.getByRole("button", { name: "Continue" }).click();
  }
  await expect.poll(() => new URL(page.url()).pathname).not.toMatch(/^\/admin\/sign-in\//);
}
