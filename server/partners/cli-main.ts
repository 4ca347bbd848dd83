/**
 * `npm run partner -- <command>`: the partner tool's entry (server/tool-main.ts opens and
 * closes the storage); claim links (`invite`) go by e-mail.
 */
import { runTool } from "../tool-main";
import { runPartnerCommand } from "./cli";

runTool(({ config, storage, args, origin, messenger }) =>
  runPartnerCommand(
    storage,
    args,
    { allowHttp: config.NODE_ENV !== "production" },
    { origin, messenger },
  ),
);
