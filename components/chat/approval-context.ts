"use client";
import { createContext, useContext } from "react";
import type { ApiError } from "@/lib/chat/page-data";

/** A decision on a tool call that asks before running (POST /api/chat/approvals/:id's body). */
export type ApprovalBody =
  | { decision: "approve" }
  | { decision: "edit"; args: Record<string, unknown> }
  | { decision: "deny"; reason?: string }
  /** The answer to an `ask_user` question. */
  | { decision: "answer"; answer: string };

/** Sends a decision; resolves with the server's refusal, or null when it was taken. */
export type Decide = (approvalId: string, body: ApprovalBody) => Promise<ApiError | null>;

/** Given by the chat to every tool call block, at any depth (none: the buttons are not shown). */
export const ApprovalContext = createContext<Decide | null>(null);

export const useDecide = () => useContext(ApprovalContext);
