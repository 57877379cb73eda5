/** A panel that slides over the page from the left on small screens; a click outside closes it. */
export function Drawer({
  open,
  onClose,
  label,
  hideFrom,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the close area, e.g. "Close menu". */
  label: string;
  /** Breakpoint from which the page shows the content itself, so the drawer never appears. */
  hideFrom: "md" | "lg";
  children: React.ReactNode;
}) {
  if (!open) return null;
  return (
    <div className={`fixed inset-0 z-40 ${hideFrom === "md" ? "md:hidden" : "lg:hidden"}`}>
      <button type="button" aria-label={label} className="absolute inset-0 bg-black/40" onClick={onClose} />
      <aside className="absolute inset-y-0 left-0 w-72 max-w-[85vw] bg-white shadow-xl dark:bg-zinc-900">
        {children}
      </aside>
    </div>
  );
}
