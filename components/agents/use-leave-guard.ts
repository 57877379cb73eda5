"use client";
import { useEffect } from "react";

/**
 * While `active`, warns before the page is left: the browser's own prompt on reload, close or a
 * typed address (`beforeunload`), and a confirm saying `warning` on a click on any in-app link. The App Router has
 * no router events to cancel a navigation, and `<Link onNavigate>` would have to be passed to
 * every link of every layout; a click listener on `window` in the capture phase runs before
 * React's and Next.js's handlers, and a prevented click is one `<Link>` does not follow (it checks
 * `defaultPrevented`). Not covered: the browser's Back/Forward buttons inside the app (a
 * same-document history step fires no cancellable event) and `router.push` from code.
 */
export function useLeaveGuard(active: boolean, warning: string) {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Chromium < 119 and Safari still need returnValue set to show the prompt.
      e.returnValue = "";
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download"))
        return;
      const url = new URL(link.href, window.location.href);
      const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
      if (url.origin !== window.location.origin || samePage) return;
      if (window.confirm(warning)) return;
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("click", onClick, true);
    };
  }, [active, warning]);
}
