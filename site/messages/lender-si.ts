import type { LenderMessages } from "./lender";

/** The lender page's "who the lender is" in Sinhala: the keys of lender-en.ts. */
export const lenderSi = {
  lenderSandboxNote: "පරීක්ෂණ ආයතනයකි: පරීක්ෂා කිරීම සඳහා ණය දෙන්නෙකුගේ තීරණ අනුකරණය කරයි; සැබෑ සමාගමක් නොවේ.",
  lenderLegalName: "ලියාපදිංචි නම",
  lenderLicence: "බලපත්‍රය",
  lenderLicenceValue: "{regulator}: {category}, බලපත්‍ර අංකය {number}",
  lenderLicenceSample: "නැත: උදාහරණ ආයතනයකි",
  lenderLicenceSandbox: "නැත: පරීක්ෂණ සඳහා වන ආයතනයකි",
  "lenderRegulator:CBSL": "ශ්‍රී ලංකා මහ බැංකුව",
  "lenderLicenceCategory:licensed_commercial_bank": "බලපත්‍රලාභී වාණිජ බැංකුව",
  "lenderLicenceCategory:licensed_specialised_bank": "බලපත්‍රලාභී විශේෂිත බැංකුව",
  "lenderLicenceCategory:licensed_finance_company": "බලපත්‍රලාභී මුදල් සමාගම",
  "lenderLicenceCategory:licensed_microfinance_company": "බලපත්‍රලාභී ක්ෂුද්‍ර මූල්‍ය සමාගම",
  "lenderLicenceCategory:registered_lender": "ලියාපදිංචි ණය දෙන ආයතනය",
  lenderWebsite: "වෙබ් අඩවිය",
  lenderComplaints: "පැමිණිලි",
  termRangeValue: "දින {min}–{max}",
} as const satisfies LenderMessages;
