import { useTranslations } from "next-intl";

export function Logo({ className = "" }: { className?: string }) {
  const t = useTranslations("common");
  return (
    <span className={`inline-flex items-center gap-2 font-semibold tracking-tight ${className}`}>
      <svg
        viewBox="0 0 24 24"
        className="size-6 text-accent-600 dark:text-accent-500"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <circle cx="12" cy="5" r="2.5" />
        <circle cx="5" cy="18" r="2.5" />
        <circle cx="19" cy="18" r="2.5" />
        <path d="M12 7.5v3.5M12 11l-5.5 4.8M12 11l5.5 4.8" strokeLinecap="round" />
      </svg>
      {t("brand")}
    </span>
  );
}
