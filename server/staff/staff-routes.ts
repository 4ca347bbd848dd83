import { type Response, Router } from "express";
import { z } from "zod";
import { COLOMBO_UTC_OFFSET_MINUTES, isIsoDate } from "../../core/helpers/dates";
import {
  type BackOfficeViewer,
  type IssuedLink,
  isStaffRole,
  STAFF_ROLES,
  type StaffDone,
  type StaffProblem,
  type StaffView,
} from "../../core/views/back-office";
import type { Messenger } from "../messaging/messenger";
import { auditActionsInUse, auditEntries, recordAudit } from "./audit";
import { enrolmentLink, mailEnrolmentLink } from "./enrolment-links";
import type { BackOffice, StaffContext } from "./gate";
import { endEverySession } from "./sessions";
import {
  createStaff,
  type IssuedEnrolment,
  listStaff,
  memberOf,
  newEnrolmentLink,
  StaffError,
  setStaffDisabled,
  setStaffRole,
  staffById,
} from "./staff";

const AUDIT_PAGE_SIZE = 50;
const DONE: readonly StaffDone[] = ["role", "disabled", "enabled", "signed_out"];

/** A Colombo calendar day's first or last moment, as an ISO time. */
function colomboDayEdge(date: string, end: boolean): string | undefined {
  if (!isIsoDate(date)) return undefined;
  const midnight = Date.parse(`${date}T00:00:00.000Z`) - COLOMBO_UTC_OFFSET_MINUTES * 60_000;
  return new Date(end ? midnight + 86_400_000 - 1 : midnight).toISOString();
}

/**
 * /admin/staff/ and /admin/audit/ (issue 16), for admins: the members,
 * adding one (the one-time link shown once, and mailed with SMTP), changing
 * a role, disabling and enabling, ending someone's sessions, a new link;
 * and the audit log, filtered by who, what and when.
 */
export function staffRouter(
  backOffice: BackOffice,
  { messenger, site }: { messenger: Messenger; site: { readonly origin: string } },
): Router {
  const router = Router();
  const { storage, send, now } = backOffice;

  const staffPage = async (
    res: Response,
    viewer: BackOfficeViewer,
    viewerId: string,
    status: number,
    extra: Partial<Omit<StaffView, "page" | "members">> = {},
  ) => {
    const members = (await listStaff(storage)).map((row) => memberOf(row, viewerId));
    send(res, status, { page: "staff", members, ...extra }, viewer);
  };
  const actorOf = ({ session }: StaffContext) => ({
    id: session.staff.id,
    label: session.staff.email,
  });
  const issuedLink = async (issued: IssuedEnrolment): Promise<IssuedLink> => {
    const link = enrolmentLink(site.origin, issued.token);
    return {
      email: issued.staff.email,
      link,
      expiresAt: issued.expiresAt,
      mailed: await mailEnrolmentLink(messenger, issued, link),
    };
  };
  /** A change's problem, answered on the staff page. */
  const problemOf = (error: unknown): StaffProblem => {
    if (error instanceof StaffError) return error.problem;
    throw error;
  };

  backOffice.route(router, "GET /admin/staff/", async (req, res, { viewer, session }) => {
    const done = DONE.find((known) => known === req.query.done);
    await staffPage(res, viewer, session.staff.id, 200, { done });
  });

  backOffice.route(router, "POST /admin/staff/", async (_req, res, context) => {
    const email = typeof context.form.email === "string" ? context.form.email.slice(0, 254) : "";
    const role = isStaffRole(context.form.role) ? context.form.role : undefined;
    if (!role) {
      send(res, 400, { page: "invalid" }, context.viewer);
      return;
    }
    try {
      const issued = await createStaff(storage, { email, role }, actorOf(context), now());
      await staffPage(res, context.viewer, context.session.staff.id, 200, {
        issued: await issuedLink(issued),
      });
    } catch (error) {
      await staffPage(res, context.viewer, context.session.staff.id, 400, {
        problem: problemOf(error),
        form: { email, role },
      });
    }
  });

  /** A change to one member; on success back to the list with what was done. */
  const memberChange = (
    route:
      | "POST /admin/staff/:id/role"
      | "POST /admin/staff/:id/disable"
      | "POST /admin/staff/:id/enable"
      | "POST /admin/staff/:id/sign-out-everywhere",
    change: (id: string, context: StaffContext) => Promise<StaffDone | undefined>,
  ) => {
    backOffice.route(router, route, async (req, res, context) => {
      const id = String(req.params.id);
      try {
        if (!(await staffById(storage, id))) throw new StaffError("not_found");
        const done = await change(id, context);
        if (!done) {
          send(res, 400, { page: "invalid" }, context.viewer);
          return;
        }
        res.redirect(303, `/admin/staff/?done=${done}`);
      } catch (error) {
        await staffPage(res, context.viewer, context.session.staff.id, 400, {
          problem: problemOf(error),
        });
      }
    });
  };

  memberChange("POST /admin/staff/:id/role", async (id, context) => {
    const role = z.enum(STAFF_ROLES).safeParse(context.form.role);
    if (!role.success) return undefined;
    await setStaffRole(storage, id, role.data, actorOf(context), now());
    return "role";
  });
  memberChange("POST /admin/staff/:id/disable", async (id, context) => {
    await setStaffDisabled(storage, id, true, actorOf(context), now());
    return "disabled";
  });
  memberChange("POST /admin/staff/:id/enable", async (id, context) => {
    await setStaffDisabled(storage, id, false, actorOf(context), now());
    return "enabled";
  });
  memberChange("POST /admin/staff/:id/sign-out-everywhere", async (id, context) => {
    const ended = await endEverySession(storage, id);
    await recordAudit(
      storage.db,
      actorOf(context),
      { action: "staff.sign_out_everywhere", subject: `staff:${id}`, after: { ended } },
      now(),
    );
    return "signed_out";
  });

  backOffice.route(router, "POST /admin/staff/:id/link", async (req, res, context) => {
    try {
      const issued = await newEnrolmentLink(
        storage,
        String(req.params.id),
        actorOf(context),
        now(),
      );
      await staffPage(res, context.viewer, context.session.staff.id, 200, {
        issued: await issuedLink(issued),
      });
    } catch (error) {
      await staffPage(res, context.viewer, context.session.staff.id, 400, {
        problem: problemOf(error),
      });
    }
  });

  backOffice.route(router, "GET /admin/audit/", async (req, res, { viewer }) => {
    const field = (name: string) =>
      typeof req.query[name] === "string" ? (req.query[name] as string).slice(0, 64) : "";
    // Only what the filters can hold: an id, "command-line", an action's name.
    const filter = {
      actor: /^[\w-]{1,64}$/.test(field("actor")) ? field("actor") : "",
      action: /^[a-z_.]{1,64}$/.test(field("action")) ? field("action") : "",
      from: isIsoDate(field("from")) ? field("from") : "",
      to: isIsoDate(field("to")) ? field("to") : "",
    };
    const pageNumber = Math.min(10_000, Math.max(1, Number.parseInt(field("page"), 10) || 1));
    const members = await listStaff(storage);
    const emails = new Map(members.map((member) => [`staff:${member.id}`, member.email]));
    const [{ entries, more }, actions] = await Promise.all([
      auditEntries(storage.db, {
        actor: filter.actor || undefined,
        action: filter.action || undefined,
        from: colomboDayEdge(filter.from, false),
        to: colomboDayEdge(filter.to, true),
        limit: AUDIT_PAGE_SIZE,
        offset: (pageNumber - 1) * AUDIT_PAGE_SIZE,
      }),
      auditActionsInUse(storage.db),
    ]);
    send(
      res,
      200,
      {
        page: "audit",
        entries: entries.map((entry) => ({ ...entry, subjectLabel: emails.get(entry.subject) })),
        filter,
        actors: [
          ...members.map((member) => ({ value: member.id, label: member.email })),
          { value: "command-line", label: "command line" },
        ],
        actions,
        pageNumber,
        more,
      },
      viewer,
    );
  });

  return router;
}
