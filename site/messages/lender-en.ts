/**
 * The lender page's "who the lender is" (issue 15), in English: apart from
 * the site's catalogs, in the page's own chunk (site/pages/lender/lazy.ts),
 * so it weighs nothing on other pages' first script. This key set is the
 * contract lender-si.ts must match.
 */
export const lenderEn = {
  lenderSandboxNote:
    "A sandbox lender: it plays a lender's decisions for testing and is not a real company.",
  lenderLegalName: "Registered name",
  lenderLicence: "Licence",
  lenderLicenceValue: "{regulator}: {category}, licence no. {number}",
  lenderLicenceSample: "None: a sample lender",
  lenderLicenceSandbox: "None: a sandbox lender for testing",
  "lenderRegulator:CBSL": "Central Bank of Sri Lanka",
  "lenderLicenceCategory:licensed_commercial_bank": "licensed commercial bank",
  "lenderLicenceCategory:licensed_specialised_bank": "licensed specialised bank",
  "lenderLicenceCategory:licensed_finance_company": "licensed finance company",
  "lenderLicenceCategory:licensed_microfinance_company": "licensed microfinance company",
  "lenderLicenceCategory:registered_lender": "registered lender",
  lenderWebsite: "Website",
  lenderComplaints: "Complaints",
  termRangeValue: "{min}–{max} days",
} as const;
