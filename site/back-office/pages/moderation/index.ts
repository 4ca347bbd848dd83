import type { BackOfficePageOf } from "../../page";
import { ModerationPage } from "./Moderation";

export const moderationPage: BackOfficePageOf<"moderation"> = {
  name: "Moderation",
  describe: "Approve, reject and take down comments and reviews; deletion requests.",
  Body: ModerationPage,
};
