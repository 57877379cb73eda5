/**
 * Which subagent the demo hands a task to: the one whose name and description share the most words
 * with the task. Deterministic and explainable, so a newcomer can see why a task went where it did:
 *
 * - Words are lower-cased and stemmed (one suffix off: "writes", "writer", "write" → "writ"), and
 *   two stems match when one starts with the other and the shorter has at least 4 letters
 *   ("math" ~ "mathematician").
 * - A task also brings the words of the kinds of work it asks for (CUES): a haiku asks for a
 *   poem, "Compute 2 * 3" for arithmetic, "what time is it" for a clock — what a description says.
 * - Score = how many distinct words of the agent's name and description match; the highest score
 *   wins, ties go to the one listed first. With no match the task goes to a copy of the agent
 *   itself when it may self-spawn, else round-robin over its children, as before.
 *
 * - Chinese has no spaces between words: a Chinese word of a task's cues (计算, 时间, 诗 …) matches
 *   when the agent's name or description contains it, so a Chinese team routes like an English
 *   one, and a Chinese request reaches an English team through the English cue words.
 *
 * Tools are not part of the score: the `subagent` tool's description (all the demo sees of its
 * children) carries names and descriptions only.
 */
import { asksForCode, asksForTime, findArithmetic } from "./tasks";

export interface RouteCandidate {
  /** `subagent_type`: an agent id, or "self". */
  type: string;
  name: string;
  about: string;
}

export interface Route {
  type: string;
  /** The agent's own words that matched the task, as written; empty for a fallback. */
  matched: string[];
}

// Kinds of work a task can ask for: when `when` holds, the task also "says" these words.
const CUES: { when: (task: string) => boolean; words: string }[] = [
  {
    when: (t) =>
      Boolean(findArithmetic(t)) ||
      /\b(comput|calculat|arithmetic|sum|multipl|divid|percent)|计算|算术|求和|乘以|除以|百分/i.test(t),
    words: "math mathematics arithmetic calculate calculator compute number 数学 算术 计算器 计算 数字",
  },
  { when: asksForTime, words: "time clock date 时间 报时 时钟 日期" },
  {
    when: (t) => /\b(haiku|poem|poetry|sonnet|limerick|verse|rhyme|ode)|诗|俳句|押韵/i.test(t),
    words: "poem poet verse write 诗 诗人 写作",
  },
  {
    when: (t) =>
      /\b(write|draft|story|essay|joke|letter|email|blog|rewrite|edit)\b|写|故事|文章|笑话|邮件|博客|改写|编辑/i.test(
        t,
      ),
    words: "write writer prose story 写作 作家 故事 文案",
  },
  {
    when: (t) =>
      /\b(explain|what|why|how|who|define|describe|summari[sz]e|research|find|compare)\b|解释|什么|为什么|怎么|如何|谁|定义|描述|总结|研究|查找|比较|介绍/i.test(
        t,
      ),
    words: "explain answer question research fact write 解释 回答 问题 研究 事实",
  },
  { when: asksForCode, words: "code program develop engineer software 代码 程序 开发 工程师 软件" },
  { when: (t) => /\btranslat|翻译/i.test(t), words: "translate language 翻译 语言" },
];

const HAN = /\p{Script=Han}/u;

// Words that say nothing about what an agent is good at (and would route "tell me a joke" to an
// agent that "can tell the time").
const STOP = new Set(
  (
    "a an the and or of to in on at for with by from as is are be can could do does it its this that " +
    "one any some me my you your i we our them their please tell give make use uses using get very " +
    "just also into about out up works work each every part parts agent"
  ).split(" "),
);

const SUFFIXES = [
  "ational",
  "ations",
  "ation",
  "ators",
  "ator",
  "ating",
  "ated",
  "ates",
  "ate",
  "ician",
  "ics",
  "ings",
  "ing",
  "ies",
  "ers",
  "er",
  "es",
  "ed",
  "ly",
  "ian",
  "s",
  "e",
  "y",
];

/** One suffix off, keeping at least 3 letters. */
export function stem(word: string): string {
  const w = word.toLowerCase();
  for (const suffix of SUFFIXES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) return w.slice(0, -suffix.length);
  }
  return w;
}

function words(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1 && !STOP.has(w.toLowerCase()));
}

function stemsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.startsWith(short);
}

/** What a task says: stems of its own words and its cues' English words; its cues' Chinese words. */
interface TaskWords {
  stems: string[];
  chinese: string[];
}

function taskWords(task: string): TaskWords {
  const cueWords = CUES.filter((c) => c.when(task)).flatMap((c) => c.words.split(" "));
  const all = [...words(task), ...cueWords];
  // Longest first, so "计算器" is reported rather than the "计算" inside it.
  const chinese = [...new Set(cueWords.filter((w) => HAN.test(w)))].sort((a, b) => b.length - a.length);
  return { stems: [...new Set(all.filter((w) => !HAN.test(w)).map(stem))], chinese };
}

/** The candidate's own words (name and description) that match the task, each once. */
function matchedWords(task: TaskWords, candidate: RouteCandidate): string[] {
  const seen = new Set<string>();
  const matched: string[] = [];
  const own = `${candidate.name} ${candidate.about}`;
  for (const word of words(own)) {
    if (HAN.test(word)) continue;
    const s = stem(word);
    if (seen.has(s)) continue;
    seen.add(s);
    if (task.stems.some((t) => stemsMatch(t, s))) matched.push(word);
  }
  for (const word of task.chinese) {
    if (own.includes(word) && !matched.some((m) => m.includes(word))) matched.push(word);
  }
  return matched;
}

/**
 * Where the i-th task of a request goes. `children` are the explicit subagents in their configured
 * order; `allowSelf` when a copy of the agent may take it.
 */
export function routeTask(task: string, i: number, children: RouteCandidate[], allowSelf: boolean): Route {
  const said = taskWords(task);
  let best: Route | undefined;
  for (const child of children) {
    const matched = matchedWords(said, child);
    if (matched.length > (best?.matched.length ?? 0)) best = { type: child.type, matched };
  }
  if (best) return best;
  if (allowSelf || children.length === 0) return { type: "self", matched: [] };
  return { type: children[i % children.length].type, matched: [] };
}
