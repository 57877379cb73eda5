// Who may do what with an agent's eval suite: it is the agent's. Its editor (the owner) edits the
// cases and sees every eval run of it; anyone who may view the agent sees the cases and runs them on
// their own quota, and sees the runs they started; nobody else learns the suite exists.
export interface SuiteViewer {
  userId: string;
  /** The agent's owner. */
  ownerId: string;
  /** canView(agent, userId) (lib/db/agents-tree.ts). */
  mayView: boolean;
}

export const mayEditSuite = (v: SuiteViewer) => v.userId === v.ownerId;
export const mayRunSuite = (v: SuiteViewer) => v.mayView;
/** Whether `v` may see the eval run started by `startedBy`. */
export const maySeeEvalRun = (v: SuiteViewer, startedBy: string) =>
  v.mayView && (mayEditSuite(v) || startedBy === v.userId);
