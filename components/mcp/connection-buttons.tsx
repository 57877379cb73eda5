"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ActionButton } from "@/components/ui/action-button";
import { dangerButton, primaryButton } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/action-result";

type ConnectResult = ActionResult<{ authorizationUrl: string | null }>;

/**
 * Connects the user's own account to a per-user OAuth MCP server: the server action begins the
 * authorization and the browser goes to the service's consent page (it comes back to Settings →
 * Connections). Already authorized: the page just refreshes.
 */
export function McpConnectButton({
  serverId,
  name,
  connect,
  className = primaryButton,
}: {
  serverId: string;
  name: string;
  connect: (input: { serverId: string }) => Promise<ConnectResult>;
  className?: string;
}) {
  const t = useTranslations("mcp.connections");
  const router = useRouter();
  return (
    <ActionButton
      action={() => connect({ serverId })}
      onSuccess={({ authorizationUrl }) =>
        authorizationUrl ? window.location.assign(authorizationUrl) : router.refresh()
      }
      className={className}
      testId={`mcp-connect-${serverId}`}
    >
      {(pending) => (pending ? t("connecting") : t("connect", { name }))}
    </ActionButton>
  );
}

/** Disconnects: the tokens are revoked at the service when it allows and deleted here. */
export function McpDisconnectButton({
  serverId,
  name,
  disconnect,
}: {
  serverId: string;
  name: string;
  disconnect: (input: { serverId: string }) => Promise<ActionResult>;
}) {
  const t = useTranslations("mcp.connections");
  return (
    <ActionButton
      action={() => disconnect({ serverId })}
      className={dangerButton}
      ariaLabel={t("disconnectNamed", { name })}
      testId={`mcp-disconnect-${serverId}`}
    >
      {() => t("disconnect")}
    </ActionButton>
  );
}
