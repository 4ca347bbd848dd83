import { type BackOfficePageOf, inSection } from "../../page";
import { AuditPage } from "./Audit";

export const auditPage: BackOfficePageOf<"audit"> = {
  title: (_view, { t }) => t.auditTitle,
  section: inSection("audit"),
  menu: { name: "Audit log", describe: "Every change, who made it and when." },
  Body: AuditPage,
};
