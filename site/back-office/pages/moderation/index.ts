import { type BackOfficePageOf, inSection } from "../../page";
import { ModerationPage } from "./Moderation";

export const moderationPage: BackOfficePageOf<"moderation"> = {
  title: (_view, { t }) => t.moderationTitle,
  section: inSection("moderation"),
  menu: {
    name: "Moderation",
    describe: "Approve, reject and take down comments and reviews; deletion requests.",
  },
  Body: ModerationPage,
};
