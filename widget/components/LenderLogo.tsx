import { useEffect, useRef, useState } from "react";
import { lenderMonogram } from "../../core/helpers/monogram";

export interface LenderMarkProps {
  /** The lender's id (offer.lender.id); its English name (offer.lender.names?.en ?? name). */
  id: string;
  name: string;
  /** Width and height in CSS pixels. */
  size: number;
  className?: string;
}

/**
 * A lender's monogram (docs/decisions/0102): its initials on the colour its
 * id picks, the same drawing /lenders/{id}/logo serves for a lender without
 * a logo. Presentation attributes, not a style attribute, so a strict CSP
 * (ours, or a partner's) lets it through. Decorative: the name is beside it.
 */
export function LenderMonogram({ id, name, size, className = "lw-logo" }: LenderMarkProps) {
  const { initials, colour } = lenderMonogram(id, name);
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 48 48" aria-hidden="true">
      <rect width="48" height="48" rx="8" fill={colour} />
      <text x="24" y="24" dy=".35em" fill="#fff" fontSize="18" fontWeight="700" textAnchor="middle">
        {initials}
      </text>
    </svg>
  );
}

/**
 * A lender's logo: the image `logo` names (always one we serve: an upload,
 * a sample's drawing or the monogram), and the monogram drawn here when it
 * cannot load (a partner's CSP that leaves out our origin, no network).
 */
export function LenderLogo(props: LenderMarkProps & { logo: string; assetBase: string }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // A server-rendered image may fail before hydration, when no onError listens yet.
  useEffect(() => {
    if (image.current?.complete && image.current.naturalWidth === 0) setFailed(true);
  }, []);
  const { logo, assetBase, size, className = "lw-logo" } = props;
  if (failed) return <LenderMonogram {...props} />;
  return (
    <img
      ref={image}
      className={className}
      src={`${assetBase}${logo}`}
      alt=""
      width={size}
      height={size}
      onError={() => setFailed(true)}
    />
  );
}
