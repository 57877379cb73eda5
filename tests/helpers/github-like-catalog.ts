// A synthetic tool catalog shaped like the GitHub MCP server's (github/github-mcp-server): tools
// named <verb>_<resource> over owner/repo, GitHub-style descriptions and JSON Schemas with paging,
// filters and bodies. Deterministic: the first `count` tools are always the same. Used by the tool
// search benchmark (bench/tool-search.ts) and the tool search e2e's MCP server.

export interface CatalogTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  inputSchema: { type: "object"; properties: Record<string, unknown>; required: string[] };
}

const RESOURCES: [singular: string, plural: string, idField: string][] = [
  ["issue", "issues", "issue_number"],
  ["pull_request", "pull requests", "pull_number"],
  ["branch", "branches", "branch"],
  ["commit", "commits", "sha"],
  ["file", "files", "path"],
  ["release", "releases", "release_id"],
  ["tag", "tags", "tag"],
  ["workflow", "workflows", "workflow_id"],
  ["workflow_run", "workflow runs", "run_id"],
  ["job", "jobs", "job_id"],
  ["issue_comment", "issue comments", "comment_id"],
  ["review", "pull request reviews", "review_id"],
  ["review_comment", "review comments", "comment_id"],
  ["label", "labels", "name"],
  ["milestone", "milestones", "milestone_number"],
  ["discussion", "discussions", "discussion_number"],
  ["gist", "gists", "gist_id"],
  ["notification", "notifications", "thread_id"],
  ["code_scanning_alert", "code scanning alerts", "alert_number"],
  ["secret_scanning_alert", "secret scanning alerts", "alert_number"],
  ["dependabot_alert", "Dependabot alerts", "alert_number"],
  ["security_advisory", "security advisories", "ghsa_id"],
  ["project", "projects", "project_number"],
  ["project_item", "project items", "item_id"],
  ["collaborator", "collaborators", "username"],
  ["team", "teams", "team_slug"],
  ["team_member", "team members", "username"],
  ["webhook", "webhooks", "hook_id"],
  ["deployment", "deployments", "deployment_id"],
  ["environment", "environments", "environment_name"],
  ["actions_secret", "Actions secrets", "secret_name"],
  ["actions_variable", "Actions variables", "variable_name"],
  ["check_run", "check runs", "check_run_id"],
  ["artifact", "workflow artifacts", "artifact_id"],
  ["repository", "repositories", "repo"],
  ["fork", "forks", "fork_owner"],
  ["star", "stargazers", "username"],
  ["deploy_key", "deploy keys", "key_id"],
  ["ruleset", "repository rulesets", "ruleset_id"],
  ["codespace", "codespaces", "codespace_name"],
];

const VERBS = ["list", "get", "create", "update", "delete"] as const;

const OWNER_REPO = {
  owner: { type: "string", description: "Repository owner (a user or an organization)" },
  repo: { type: "string", description: "Repository name" },
};

function toolFor(verb: (typeof VERBS)[number], [singular, plural, idField]: (typeof RESOURCES)[number]) {
  const words = singular.replace(/_/g, " ");
  const id = { type: "string", description: `The ${words}'s ${idField.replace(/_/g, " ")}` };
  switch (verb) {
    case "list":
      return {
        name: `list_${singular === "repository" ? "repositories" : `${singular}s`}`,
        description: `List ${plural} in a GitHub repository. Supports filtering, sorting and pagination; returns at most per_page items per call.`,
        inputSchema: {
          type: "object" as const,
          properties: {
            ...OWNER_REPO,
            state: { type: "string", enum: ["open", "closed", "all"], description: "Filter by state" },
            sort: { type: "string", enum: ["created", "updated"], description: "What to sort by" },
            direction: { type: "string", enum: ["asc", "desc"], description: "Sort direction" },
            since: { type: "string", description: "Only items updated at or after this ISO 8601 time" },
            per_page: { type: "number", minimum: 1, maximum: 100, description: "Results per page (max 100)" },
            page: { type: "number", minimum: 1, description: "Page number of the results" },
          },
          required: ["owner", "repo"],
        },
      };
    case "get":
      return {
        name: `get_${singular}`,
        description: `Get the details of one ${words} in a GitHub repository, by its ${idField.replace(/_/g, " ")}.`,
        inputSchema: {
          type: "object" as const,
          properties: { ...OWNER_REPO, [idField]: id },
          required: ["owner", "repo", idField],
        },
      };
    case "create":
      return {
        name: `create_${singular}`,
        description: `Create a new ${words} in a GitHub repository. Requires write access to the repository.`,
        inputSchema: {
          type: "object" as const,
          properties: {
            ...OWNER_REPO,
            title: { type: "string", description: `Title or name of the ${words}` },
            body: { type: "string", description: `Content of the ${words} (Markdown)` },
            labels: { type: "array", items: { type: "string" }, description: "Labels to apply" },
            assignees: { type: "array", items: { type: "string" }, description: "Usernames to assign" },
          },
          required: ["owner", "repo", "title"],
        },
      };
    case "update":
      return {
        name: `update_${singular}`,
        description: `Update an existing ${words} in a GitHub repository: only the fields given change.`,
        inputSchema: {
          type: "object" as const,
          properties: {
            ...OWNER_REPO,
            [idField]: id,
            title: { type: "string", description: "New title" },
            body: { type: "string", description: "New content (Markdown)" },
            state: { type: "string", enum: ["open", "closed"], description: "New state" },
          },
          required: ["owner", "repo", idField],
        },
      };
    case "delete":
      return {
        name: `delete_${singular}`,
        description: `Delete one ${words} from a GitHub repository. This cannot be undone.`,
        inputSchema: {
          type: "object" as const,
          properties: { ...OWNER_REPO, [idField]: id },
          required: ["owner", "repo", idField],
        },
      };
  }
}

/** The first `count` tools of the catalog (at most 200): every verb of a resource, resource by resource. */
export function githubLikeCatalog(count: number): CatalogTool[] {
  const out: CatalogTool[] = [];
  for (const resource of RESOURCES) for (const verb of VERBS) out.push(toolFor(verb, resource));
  return out.slice(0, count);
}
