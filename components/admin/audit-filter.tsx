import Link from "next/link";
import { useTranslations } from "next-intl";
import { inputClass, secondaryButton } from "@/components/ui/styles";
import { AUDIT_KINDS } from "@/lib/audit/kinds";

/** Filters the audit log by kind and by user (a plain GET form: works without JavaScript). */
export function AuditFilter({ kind, email, emails }: { kind?: string; email?: string; emails: string[] }) {
  const t = useTranslations("admin.audit");
  return (
    <form method="get" className="flex flex-wrap items-end gap-3" data-testid="audit-filter">
      <label className="space-y-1 text-sm">
        <span className="block font-medium">{t("filter.kind")}</span>
        <select name="kind" defaultValue={kind ?? ""} className={inputClass} data-testid="audit-kind">
          <option value="">{t("filter.allKinds")}</option>
          {AUDIT_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`kinds.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm">
        <span className="block font-medium">{t("filter.user")}</span>
        <select name="user" defaultValue={email ?? ""} className={inputClass} data-testid="audit-user">
          <option value="">{t("filter.everyone")}</option>
          {emails.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={secondaryButton} data-testid="audit-apply">
        {t("filter.apply")}
      </button>
      {(kind || email) && (
        <Link href="/admin/audit" className="py-2 text-sm text-accent-700 underline dark:text-accent-100">
          {t("filter.reset")}
        </Link>
      )}
    </form>
  );
}
