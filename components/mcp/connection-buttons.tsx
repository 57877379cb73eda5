"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { FormStatus } from "@/components/ui/form-status";
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
  const [pending, start] = useTransition();
  const [result, setResult] = useState<ConnectResult | null>(null);
  return (
    <div className="space-y-1">
      <button
        type="button"
        className={className}
        disabled={pending}
        data-testid={`mcp-connect-${serverId}`}
        onClick={() =>
          start(async () => {
            const r = await connect({ serverId });
            setResult(r);
            if (!r.ok) return;
            if (r.data.authorizationUrl) window.location.assign(r.data.authorizationUrl);
            else router.refresh();
          })
        }
      >
        {pending ? t("connecting") : t("connect", { name })}
      </button>
      {result && !result.ok && <FormStatus result={result} />}
    </div>
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
  const router = useRouter();
  const [pending, start] = useTransition();
  const [result, setResult] = useState<ActionResult | null>(null);
  return (
    <div className="space-y-1">
      <button
        type="button"
        className={dangerButton}
        disabled={pending}
        aria-label={t("disconnectNamed", { name })}
        data-testid={`mcp-disconnect-${serverId}`}
        onClick={() =>
          start(async () => {
            const r = await disconnect({ serverId });
            setResult(r);
            if (r.ok) router.refresh();
          })
        }
      >
        {t("disconnect")}
      </button>
      {result && !result.ok && <FormStatus result={result} />}
    </div>
  );
}
