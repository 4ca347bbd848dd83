import { fill } from "../../../../core/messages";
import { STAFF_ROLES, type StaffMember, type StaffView } from "../../../../core/views/back-office";
import { Alert, CsrfField, Notice } from "../../../operator/fields";
import { colomboTime } from "../../../operator/format";
import type { BackOfficeMessages } from "../../messages";
import { roleName } from "../../sections";

function Member({ member, t, csrf }: { member: StaffMember; t: BackOfficeMessages; csrf: string }) {
  const base = `/admin/staff/${member.id}`;
  const status = {
    active: t.staffStatusActive,
    disabled: t.staffStatusDisabled,
    invited: t.staffStatusInvited,
  }[member.status];
  const titleId = `member-${member.id}`;
  const action = (path: string, label: string, className?: string) => (
    <form method="post" action={`${base}/${path}`}>
      <CsrfField csrf={csrf} />
      <button type="submit" className={className} aria-describedby={titleId}>
        {label}
      </button>
    </form>
  );
  return (
    <li className="card">
      <article aria-labelledby={titleId}>
        <h3 id={titleId}>
          {member.email} {member.self ? t.staffYou : null}
        </h3>
        <p className="meta">
          {roleName(member.role, t)}, {status},{" "}
          {member.twoFactor ? t.staffTwoFactorOn : t.staffTwoFactorOff},{" "}
          {member.lastSignInAt
            ? fill(t.staffLastSignIn, { time: colomboTime(member.lastSignInAt) })
            : t.staffNeverSignedIn}
        </p>
        <form method="post" action={`${base}/role`} className="inline-form">
          <CsrfField csrf={csrf} />
          <label htmlFor={`role-${member.id}`}>
            {fill(t.staffNewRole, { email: member.email })}
          </label>
          <select id={`role-${member.id}`} name="role" defaultValue={member.role}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {roleName(role, t)}
              </option>
            ))}
          </select>
          <button type="submit" className="secondary">
            {t.staffChangeRole}
          </button>
        </form>
        <div className="inline-form">
          {action("link", t.staffNewLink, "secondary")}
          {action("sign-out-everywhere", t.staffSignOutEverywhere, "secondary")}
          {member.status === "disabled"
            ? action("enable", t.staffEnable, "secondary")
            : member.self
              ? null
              : action("disable", t.staffDisable, "danger")}
        </div>
      </article>
    </li>
  );
}

export function StaffPage({
  view,
  t,
  csrf,
}: {
  view: StaffView;
  t: BackOfficeMessages;
  csrf: string;
}) {
  const problems = {
    email: t.staffProblemEmail,
    exists: t.staffProblemExists,
    last_admin: t.staffProblemLastAdmin,
    self: t.staffProblemSelf,
    not_found: t.staffProblemNotFound,
  };
  const done = {
    role: t.staffDoneRole,
    disabled: t.staffDoneDisabled,
    enabled: t.staffDoneEnabled,
    signed_out: t.staffDoneSignedOut,
  };
  return (
    <>
      {view.problem ? <Alert>{problems[view.problem]}</Alert> : null}
      {view.done ? <Notice>{done[view.done]}</Notice> : null}
      {view.issued ? (
        <div className="notice" role="status">
          <p>
            {fill(t.staffIssued, {
              email: view.issued.email,
              time: colomboTime(view.issued.expiresAt),
            })}
          </p>
          <p className="link">{view.issued.link}</p>
          <p>{view.issued.mailed ? t.staffMailed : t.staffNotMailed}</p>
        </div>
      ) : null}
      <h2>{t.staffAdd}</h2>
      <form method="post" action="/admin/staff/">
        <CsrfField csrf={csrf} />
        <label htmlFor="new-email">{t.staffEmail}</label>
        <input
          id="new-email"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="off"
          defaultValue={view.form?.email ?? ""}
          aria-invalid={view.problem === "email" || view.problem === "exists" ? true : undefined}
        />
        <label htmlFor="new-role">{t.staffRole}</label>
        <select id="new-role" name="role" defaultValue={view.form?.role ?? "moderator"}>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {roleName(role, t)}
            </option>
          ))}
        </select>
        <p>
          <button type="submit">{t.staffCreate}</button>
        </p>
      </form>
      <h2>{fill(t.staffMembers, { count: view.members.length })}</h2>
      <ul className="cards">
        {view.members.map((member) => (
          <Member key={member.id} member={member} t={t} csrf={csrf} />
        ))}
      </ul>
    </>
  );
}
