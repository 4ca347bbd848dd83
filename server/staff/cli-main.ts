/**
 * `npm run staff -- <command>`: the staff tool's entry (server/tool-main.ts opens and closes
 * the storage); links go by e-mail too when SMTP is configured.
 */
import { runTool } from "../tool-main";
import { runStaffCommand } from "./cli";

runTool(({ storage, args, origin, messenger }) =>
  runStaffCommand(storage, args, { origin, messenger }),
);
