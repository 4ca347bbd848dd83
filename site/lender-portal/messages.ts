import { catalog } from "../../core/locale";
import type {
  LenderCapability,
  LenderPortalSection,
  LenderRole,
  ProductNameLanguage,
  ProductNameProblem,
  TestProfile,
} from "../../core/views/lender-portal";
import { lenderPortalSi, lenderPortalTa } from "./messages-si-ta";

/** The lender portal's words (issue 34), in all three languages; the compiler checks each. */
const en = {
  siteName: "NayaCompare lenders",
  skipToContent: "Skip to content",
  signOut: "Sign out",
  navLabel: "Lender portal",
  sections: {
    home: "Home",
    test: "Test mode",
    products: "Products",
  } satisfies Record<LenderPortalSection, string>,
  signInTitle: "Lender sign-in",
  signInIntro:
    "For the staff of lenders on NayaCompare. Your account comes by invitation from our team.",
  email: "E-mail address",
  password: "Password",
  signIn: "Sign in",
  mismatch: "The e-mail address or the password is not right.",
  wait: "Too many attempts. Please wait a few minutes and try again.",
  busy: "Too many attempts from this network. Please try again later.",
  signedOut: "You are signed out.",
  codeTries: "Too many wrong codes. Sign in again.",
  enrolled: "Your password is saved. Sign in with it to set up two-step sign-in.",
  codeTitle: "Enter your code",
  codeIntro:
    "Open your authenticator app and enter the six-digit code it shows for NayaCompare, or one of your recovery codes.",
  code: "Code",
  codeContinue: "Continue",
  codeWrong: "That code is not right. Enter the code your app shows now.",
  enrolTitle: "Set up your account",
  enrolIntro:
    "Choose a password for {email}. Next you set up two-step sign-in with an authenticator app.",
  newPassword: "New password",
  passwordHint: "At least 12 characters. A few unrelated words make a good one.",
  confirmPassword: "The same password again",
  savePassword: "Save the password",
  problems: {
    too_short: "Use at least 12 characters.",
    too_long: "Use at most 128 characters.",
    contains_email: "Do not use your e-mail address in the password.",
    common: "This password is too easy to guess. Choose another.",
    mismatch: "The two passwords are not the same.",
  },
  twoFactorTitle: "Two-step sign-in",
  twoFactorIntro:
    "Two-step sign-in is required in the lender portal: your password alone does not open your account, we also ask for a code from an authenticator app on your phone.",
  twoFactorScan: "Scan this code with your authenticator app, or type the key below it.",
  twoFactorQr: "QR code for your authenticator app",
  twoFactorKey: "Key",
  twoFactorConfirm: "Enter the code your app shows to turn it on.",
  twoFactorTurnOn: "Turn on",
  recoveryTitle: "Your recovery codes",
  recoveryIntro:
    "Keep these ten codes somewhere safe, apart from your phone. Each one signs you in once in place of the app's code. They are not shown again.",
  recoveryDone: "I have kept them: open the portal",
  homeTitle: "Lender portal",
  lender: "Lender",
  lenderId: "Lender id",
  signedInAs: "Signed in as",
  yourRole: "Your role",
  roles: { admin: "Admin", developer: "Developer" } satisfies Record<LenderRole, string>,
  canTitle: "What you can do here",
  capabilities: {
    test_mode:
      "Test mode: set your test decision URL and test secret, and send signed test applications to it.",
    products:
      "Products: your products' names in Sinhala, English and Tamil, with the borrower's card in each language.",
  } satisfies Record<LenderCapability, string>,
  testTitle: "Test mode",
  testIntro:
    "Send signed test applications to your test decision URL, signed with your test secret exactly as live requests are, and see what your server answered and whether the answer keeps the decision API's rules.",
  testNever:
    "Test applications are never stored as leads or decisions and never reach borrowers. Their applicants are made up.",
  testUrl: "Test decision URL",
  testUrlHint: "An https address on the internet, like https://sandbox.example.lk/decisions.",
  testUrlLoopback:
    "On this server a test URL may also be on this machine (http://127.0.0.1:PORT/…).",
  saveUrl: "Save the URL",
  urlSaved: "The test URL is saved.",
  testSecret: "Test secret",
  secretNone: "No test secret yet.",
  secretSet: "A test secret is set. It is shown only when made.",
  secretCreate: "Make a test secret",
  secretRotate: "Make a new test secret",
  secretNew: "Your new test secret. Copy it now: it is not shown again, and the old one stops.",
  profileLegend: "Sample applicant",
  profiles: {
    salaried: "Salaried, 36 years old, 150,000 rupees a month",
    self_employed: "Self-employed, 44 years old, 90,000 rupees a month",
    low_income: "Salaried, 22 years old, 30,000 rupees a month",
  } satisfies Record<TestProfile, string>,
  send: "Send a test application",
  urlProblems: {
    url_invalid: "This is not a URL we can call.",
    url_refused: "This address is not allowed: use https on a public address.",
    no_url: "Save a test URL first.",
    no_secret: "Make a test secret first.",
  },
  resultTitle: "The last test application",
  requestSent: "Request sent",
  headersSent: "Headers",
  answer: "Your server's answer",
  answerStatus: "HTTP status",
  noAnswer: "No answer was received.",
  latency: "Time to answer",
  milliseconds: "{ms} ms",
  outcome: "Outcome",
  outcomes: {
    approved: "Approved",
    declined: "Declined",
    pending: "Pending",
    failed: "Failed",
  },
  error: "Reason",
  rule: "Rule the answer broke",
  products: {
    title: "Your products",
    intro:
      "Give each product its name in Sinhala, English and Tamil. Borrowers see the name in their page's language; without a Tamil name, Tamil pages show the English one. Rates, fees, amounts, terms and criteria are set by the NayaCompare team.",
    none: "You have no products yet. The NayaCompare team adds them.",
    nameIn: {
      si: "Name in Sinhala",
      en: "Name in English",
      ta: "Name in Tamil",
    } satisfies Record<ProductNameLanguage, string>,
    hint: "Up to 100 characters.",
    hintTamil: "Optional, up to 100 characters. Without it, Tamil pages show the English name.",
    problems: {
      required: "Give the name in this language.",
      too_long: "Use at most 100 characters.",
      control: "Remove the control character (such as a tab or a line break) from the name.",
    } satisfies Record<ProductNameProblem, string>,
    refused: "The names were not saved. Correct the marked fields.",
    previewed: "The cards show the names you typed. They are not saved yet.",
    saved: "The names are saved. Borrowers see them on their next page.",
    preview: "Preview",
    save: "Save the names",
    cards: "The borrower's card in each language",
    loan: "For a loan of {amount} over {days} days.",
  },
  linkInvalidTitle: "This link does not work",
  linkInvalid:
    "The link has been used already or is too old. Ask the NayaCompare team for a new invitation.",
  refusedTitle: "Not allowed",
  refused: "This request was refused. Reload the page and try again.",
  notFoundTitle: "Page not found",
  notFound: "There is no page at this address.",
  backHome: "Back to the lender portal",
};

export type LenderPortalMessages = typeof en;

export const lenderPortalMessagesFor = catalog<LenderPortalMessages>({
  si: lenderPortalSi,
  en,
  ta: lenderPortalTa,
});
