import { useEffect, useRef } from "react";

/**
 * A step's heading. When the step replaced the one before it in place (the
 * page's script moved on), it takes the focus: the form and the button the
 * focus was on are gone, and a screen reader starts from the new step.
 */
export function StepHeading({ text, focus }: { text: string; focus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <h1 id="unsubscribe-title" ref={heading} tabIndex={focus ? -1 : undefined}>
      {text}
    </h1>
  );
}
