// What admins see of users' feedback on Admin → Usage: counts per agent and the newest comments.
import "server-only";
import {
  type AgentFeedback,
  type FeedbackComment,
  feedbackByAgent,
  recentFeedbackComments,
} from "@/lib/db/message-feedback";
import { periodStart } from "@/lib/db/usage";

export interface FeedbackReport {
  byAgent: AgentFeedback[];
  comments: FeedbackComment[];
}

/** Feedback given or changed in the usage page's period. The caller is an admin (requireAdminPage). */
export async function feedbackReport(days: number): Promise<FeedbackReport> {
  const from = await periodStart(days);
  const [byAgent, comments] = await Promise.all([feedbackByAgent(from), recentFeedbackComments(from)]);
  return { byAgent, comments };
}
