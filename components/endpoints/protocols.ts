import { useTranslations } from "next-intl";

/** How each wire protocol is named on the endpoint pages (endpoints.protocols.*; unknown ones as is). */
export function useProtocolName(): (protocol: string) => string {
  const t = useTranslations("endpoints");
  return (protocol) => (t.has(`protocols.${protocol}`) ? t(`protocols.${protocol}`) : protocol);
}
