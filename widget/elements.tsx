import r2wc from "@r2wc/react-to-web-component";
import type { ComponentType } from "react";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../core/locale";
import { LoanCalculator } from "./components/LoanCalculator";
import { adoptWidgetStyles } from "./styles/adopt";

/** How r2wc turns an attribute's text into a prop. */
type AttributeType = "string" | "number" | "boolean" | "json";

/**
 * Defines a custom element once: a second copy of the script on the same
 * page finds the name taken and leaves the first definition alone.
 */
function defineElement<Props extends object>(
  name: string,
  component: ComponentType<Props>,
  props: Record<Exclude<Extract<keyof Props, string>, "container">, AttributeType>,
): void {
  if (customElements.get(name)) return;
  const Base = r2wc(component, { shadow: "open", props });
  customElements.define(
    name,
    class extends Base {
      constructor() {
        super();
        // r2wc attached the open shadow root in its constructor.
        if (this.shadowRoot) adoptWidgetStyles(this.shadowRoot);
      }
    },
  );
}

/** The element's `lang`, else the host page's `<html lang>`, else Sinhala. */
function resolveLocale(lang: string | undefined): Locale {
  for (const candidate of [lang, document.documentElement.lang]) {
    const code = candidate?.toLowerCase().split("-")[0];
    if (isLocale(code)) return code;
  }
  return DEFAULT_LOCALE;
}

interface CalculatorElementProps {
  lang?: string;
  amount?: number;
}

/**
 * `<loan-calculator lang="si|en" amount="50000">`
 *
 * Attributes: `lang` (default: the page's `<html lang>`, then `si`),
 * `amount` (starting amount in rupees, kept inside the product bounds).
 * Custom properties: `--loan-font-family`, `--loan-font-size`,
 * `--loan-color-text`, `--loan-color-surface`, `--loan-color-border`,
 * `--loan-color-accent`, `--loan-color-muted`, `--loan-color-focus`,
 * `--loan-space`, `--loan-radius`.
 */
function CalculatorElement({ lang, amount }: CalculatorElementProps) {
  return <LoanCalculator locale={resolveLocale(lang)} initialAmount={amount} />;
}

export function defineLoanElements(): void {
  defineElement("loan-calculator", CalculatorElement, { lang: "string", amount: "number" });
}
