/**
 * Applications for tests (core, server and browser tests share them). Not
 * imported by any shipped module.
 */

/** The day the fixtures are valid on: every applicant is 18 to 70 then. */
export const TEST_TODAY = "2026-11-21";

/** A valid application: a man born on 5 December 1985 (NIC day 340). */
export const validApplication = {
  amount: 50_000,
  term: 91,
  purpose: "medical",
  fullName: "  Kamal   Perera ",
  nic: "853400937v",
  birthDate: "1985-12-05",
  phone: "077 123 4567",
  email: " Kamal.Perera@Example.LK ",
  monthlyIncome: 85_000,
  employment: "salaried",
  bank: "boc",
  district: "Colombo",
  consents: { terms: true, shareWithLenders: true, marketing: false },
};
