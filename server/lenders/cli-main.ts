/**
 * `npm run lenders -- <command>`: the lenders tool's entry. Opens the
 * storage the server uses (DATA_DIR's SQLite file, or DATABASE_URL),
 * migrates it and writes the sample lenders into a new database (as a
 * server's first start does), runs one command (cli.ts) and closes it
 * (server/tool-main.ts). Invitations' links start with PUBLIC_ORIGIN and go
 * by e-mail when SMTP is configured.
 */
import { runTool } from "../tool-main";
import { runLendersCommand } from "./cli";
import { seedSampleLenders } from "./lenders";

runTool(async ({ config, storage, args, origin, messenger }) => {
  await seedSampleLenders(storage);
  const testing = config.NODE_ENV !== "production";
  return runLendersCommand(storage, args, {
    allowSandbox: testing,
    urlRules: { allowHttp: testing },
    maxDeadlineMs: config.LENDER_DEADLINE_MS,
    invite: { origin, messenger },
  });
});
