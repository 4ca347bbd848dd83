/**
 * A partner's React 19 app hosting <loan-widget>. It imports nothing of
 * ours: the element comes from the script tag in react-host.html.
 * Built by rollup.config.mjs into dist/examples/react-host.js.
 */
import { useEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "loan-widget": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        amount?: string;
        period?: string;
        partner?: string;
      };
    }
  }
}

interface LoanChange {
  amount: number;
  period: number;
  total: number;
}

function PartnerApp() {
  const widget = useRef<HTMLElement>(null);
  const [latest, setLatest] = useState<LoanChange | null>(null);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onChange = (event: Event) => setLatest((event as CustomEvent<LoanChange>).detail);
    element.addEventListener("loan-change", onChange);
    return () => element.removeEventListener("loan-change", onChange);
  }, []);

  return (
    <main>
      <h1>A React partner site</h1>
      <loan-widget ref={widget} amount="30000" period="90" partner="react-partner" />
      <p id="react-latest">
        {latest
          ? `The visitor is looking at Rs. ${latest.amount} for ${latest.period} days (total ${latest.total}).`
          : "Move the sliders: this React app hears the widget's loan-change events."}
      </p>
    </main>
  );
}

const root = document.getElementById("app");
if (root) createRoot(root).render(<PartnerApp />);
