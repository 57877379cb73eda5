"use client";
import { useTranslations } from "next-intl";
import { type RefObject, useEffect, useState } from "react";

/**
 * On narrow screens the live preview sits below the whole form, far from the switches it reacts
 * to: while it is out of view, a floating "Preview" button takes the user to it.
 */
export function PreviewJump({ target }: { target: RefObject<HTMLElement | null> }) {
  const t = useTranslations("builder.preview");
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const el = target.current;
    if (!el) return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry.isIntersecting), {
      threshold: 0.1,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [target]);
  if (inView) return null;
  return (
    <button
      type="button"
      data-testid="preview-jump"
      onClick={() => target.current?.scrollIntoView({ behavior: "smooth", block: "start" })}
      className="fixed right-4 bottom-20 z-20 inline-flex min-h-11 items-center gap-1.5 rounded-full bg-accent-600 px-4 text-sm font-medium text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 lg:hidden"
    >
      {t("jump")}
      <span aria-hidden="true">↓</span>
    </button>
  );
}
