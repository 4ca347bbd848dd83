import type { BackOfficePageOf } from "../../page";
import { AuditPage } from "./Audit";

export const auditPage: BackOfficePageOf<"audit"> = {
  name: "Audit log",
  describe: "Every change, who made it and when.",
  Body: AuditPage,
};
