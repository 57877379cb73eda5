// The demo model for a Chinese user: it reads Chinese requests (lines, "；", "？", "和/并且" between
// tasks, "计算 …", "现在几点"), delegates them, and answers in Chinese, its note included.
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { fileParts } from "../../agents/files";
import { DemoChatModel } from "../demo-model";
import { DEMO_NOTE, stripDemoNote } from "./answers";
import { demoNote } from "./i18n";
import { type DemoToolInfo, planTurn } from "./plan";
import { routeTask } from "./routing";
import { asksForTime, findArithmetic, splitTasks } from "./tasks";

const ZH_NOTE = demoNote("zh-CN");
const HAN = /\p{Script=Han}/u;

/** The starter team as a zh-CN account gets it (lib/builder/starter-team.ts). */
const zhTeam: DemoToolInfo = {
  name: "subagent",
  description:
    "Delegate a task.\n- r1 (研究员): 回答一个具体的问题；可以报时。\n- m1 (数学家): 用计算器完成算术。\n- self: a copy of you",
  parameters: { properties: { subagent_type: { enum: ["self", "r1", "m1"] } } },
};
const enTeam: DemoToolInfo = {
  name: "subagent",
  description:
    "Delegate a task.\n- r1 (Researcher): Answers one focused question; can tell the time.\n- m1 (Mathematician): Works out arithmetic with a calculator.",
  parameters: { properties: { subagent_type: { enum: ["r1", "m1"] } } },
};

describe("Chinese requests are split into tasks", () => {
  it("by lines, full-width question marks and semicolons, and numbered items with their intro", () => {
    expect(splitTasks("总结 TCP\n解释 UDP")).toEqual(["总结 TCP", "解释 UDP"]);
    expect(splitTasks("什么是 TCP？现在几点？")).toEqual(["什么是 TCP？", "现在几点？"]);
    expect(splitTasks("翻译你好；写一首俳句")).toEqual(["翻译你好", "写一首俳句"]);
    expect(splitTasks("帮我规划旅行：\n1、列出博物馆\n2、找一家酒店")).toEqual([
      "列出博物馆（背景：帮我规划旅行）",
      "找一家酒店（背景：帮我规划旅行）",
    ]);
  });

  it("by 和 / 并且 / ， only where every part is a task, as the English 'and'", () => {
    expect(splitTasks("解释闭包，写一个正则并且讲个笑话")).toEqual(["解释闭包", "写一个正则", "讲个笑话"]);
    expect(splitTasks("计算 12 乘以 7 和解释递归")).toEqual(["计算 12 乘以 7", "解释递归"]);
    expect(splitTasks("比较猫和狗")).toEqual(["比较猫和狗"]);
    expect(splitTasks("计算 2 和 3 的和")).toEqual(["计算 2 和 3 的和"]);
  });

  it("finds arithmetic and time questions in Chinese sentences", () => {
    expect(findArithmetic("计算 2 + 2")).toBe("2 + 2");
    expect(findArithmetic("12 乘以 7 等于多少")).toBe("12*7");
    expect(asksForTime("现在几点？")).toBe(true);
    expect(asksForTime("今天星期几")).toBe(true);
    expect(asksForTime("写一首关于秋天的诗")).toBe(false);
  });
});

describe("Chinese requests are routed", () => {
  it("to the Chinese starter team by the words of its descriptions, else to a copy of itself", () => {
    const team = [
      { type: "r1", name: "研究员", about: "回答一个具体的问题；可以报时。" },
      { type: "m1", name: "数学家", about: "用计算器完成算术。" },
    ];
    expect(routeTask("计算 17 * 23", 0, team, true)).toEqual({
      type: "m1",
      matched: ["计算器", "数学", "算术"],
    });
    expect(routeTask("现在几点？", 0, team, true)).toEqual({ type: "r1", matched: ["报时"] });
    expect(routeTask("解释递归", 0, team, true).type).toBe("r1");
    expect(routeTask("写一首俳句", 0, team, true)).toEqual({ type: "self", matched: [] });
  });

  it("to an English team through the English words of the same kinds of work", () => {
    const team = [
      { type: "r1", name: "Researcher", about: "Answers one focused question; can tell the time." },
      { type: "m1", name: "Mathematician", about: "Works out arithmetic with a calculator." },
    ];
    expect(routeTask("计算 2 + 2", 0, team, false).type).toBe("m1");
    expect(routeTask("现在几点", 0, team, false)).toEqual({ type: "r1", matched: ["time"] });
  });
});

describe("the demo model in zh-CN", () => {
  const request = "计算 17 * 23 + 4\n现在几点？\n写一首关于秋天的俳句";

  it("splits a Chinese multi-task request, delegates each task and explains why, in Chinese", () => {
    const plan = planTurn([new HumanMessage(request)], [zhTeam], "zh-CN");
    expect(plan.toolCalls.map((c) => [c.args.subagent_type, c.args.description])).toEqual([
      ["m1", "计算 17 * 23 + 4"],
      ["r1", "现在几点？"],
      ["self", "写一首关于秋天的俳句"],
    ]);
    expect(plan.text).toBe(
      [
        "我会把它拆成 3 个任务，并行交给子智能体：",
        "",
        "1. 计算 17 * 23 + 4 → **数学家**（匹配：“计算器”、“数学”、“算术”）",
        "2. 现在几点？ → **研究员**（匹配：“报时”）",
        "3. 写一首关于秋天的俳句 → **self**（没有合适的子智能体：交给我自己的一个副本）",
      ].join("\n"),
    );
    const english = planTurn([new HumanMessage(request)], [enTeam], "zh-CN").text;
    expect(english).toContain("→ **Mathematician**（匹配：“Mathematician”、“arithmetic”、“calculator”）");
    expect(english).toContain("（没有合适的子智能体：按顺序交给下一个）");
  });

  it("answers each child's task in Chinese and sums them up in Chinese with the Chinese note", () => {
    const human = new HumanMessage(request);
    const first = planTurn([human], [zhTeam], "zh-CN");
    const calls = first.toolCalls.map((c, i) => ({ ...c, id: `c${i}`, type: "tool_call" as const }));
    const childAnswers = calls.map((c) =>
      planTurn([new HumanMessage(String(c.args.description))], [], "zh-CN"),
    );
    expect(childAnswers[0].text).toContain("`17 * 23 + 4` = **395**\n\n由演示模型内置的算术精确算出");
    expect(childAnswers[1].text).toContain("这个会话里我没有时钟工具");
    expect(childAnswers[2].text).toContain("*秋天*");
    const results = calls.map(
      (c, i) => new ToolMessage({ tool_call_id: c.id, content: childAnswers[i].text }),
    );
    const final = planTurn(
      [human, new AIMessage({ content: "", tool_calls: calls }), ...results],
      [zhTeam],
      "zh-CN",
    ).text;
    expect(final).toMatch(
      /^## 结果\n\n我把你的请求拆成了 3 个任务，并行委派给子智能体；3 个中有 3 个已完成。/,
    );
    expect(final).toContain("_由 **数学家** 处理_");
    expect(final).toContain("| # | 任务 | 子智能体 | 状态 |");
    expect(final).toContain("| 1 | 计算 17 * 23 + 4 | 数学家 | ✓ 完成 |");
    // The children's notes are quoted away; the final answer ends with one.
    expect(final.split(ZH_NOTE)).toHaveLength(2);
    expect(final.trim().endsWith(ZH_NOTE)).toBe(true);
    expect(final).not.toContain(DEMO_NOTE);
  });

  it("calls a bound calculator for a Chinese sum and reports its result in Chinese", () => {
    const calculator = { name: "calculator", parameters: { properties: { expression: {} } } };
    const task = new HumanMessage("计算 2 + 2");
    const first = planTurn([task], [calculator], "zh-CN");
    expect(first).toEqual({
      text: "我来用 `calculator` 处理这个请求。",
      toolCalls: [{ name: "calculator", args: { expression: "2 + 2" } }],
    });
    const ai = new AIMessage({ content: first.text, tool_calls: [{ ...first.toolCalls[0], id: "c1" }] });
    const after = planTurn(
      [task, ai, new ToolMessage({ tool_call_id: "c1", content: "4" })],
      [calculator],
      "zh-CN",
    );
    expect(after.text).toBe(`\`calculator\` 工具算出 \`2 + 2\` = **4**。\n\n${ZH_NOTE}`);
  });

  it("saves and lists notes asked for in Chinese", () => {
    const notes = [{ name: "notes__save_note" }, { name: "notes__list_notes" }];
    expect(planTurn([new HumanMessage("保存笔记：周五买燕麦奶，别忘了")], notes, "zh-CN").toolCalls).toEqual([
      { name: "notes__save_note", args: { title: "周五买燕麦奶", content: "周五买燕麦奶，别忘了" } },
    ]);
    expect(planTurn([new HumanMessage("列出我的笔记")], notes, "zh-CN").toolCalls).toEqual([
      { name: "notes__list_notes", args: {} },
    ]);
  });

  it("describes attached files in Chinese", () => {
    const csv = {
      name: "sales.csv",
      mimeType: "text/csv",
      size: 40,
      text: "region,amount\nnorth,3\neast,5\n",
    };
    const plan = planTurn(
      [new HumanMessage({ content: fileParts("这个 CSV 有多少行？", [csv], 10_000) })],
      [],
      "zh-CN",
    );
    expect(plan.text).toContain("**sales.csv** 在 2 列的表头下有 **2 行数据**（`region`、`amount`）。");
  });

  it("greets in Chinese and streams the Chinese note whole", async () => {
    const model = new DemoChatModel({ tokenDelayMs: 0, locale: "zh-CN" });
    const chunks: string[] = [];
    for await (const chunk of await model.stream([new HumanMessage("")])) chunks.push(String(chunk.content));
    expect(chunks.join("")).toBe(`你好！问我点什么吧，比如把几个任务分行写出来。\n\n${ZH_NOTE}`);
    expect(chunks).toContain(ZH_NOTE);
  });

  it("every text is Chinese, and a Chinese note is stripped like the English one", () => {
    const plan = planTurn([new HumanMessage("解释递归")], [], "zh-CN");
    expect(plan.text).not.toMatch(/Scripted|I'm the scripted demo|Connect an/);
    expect(HAN.test(plan.text)).toBe(true);
    expect(stripDemoNote(`答案\n\n${ZH_NOTE}`)).toBe("答案");
    expect(planTurn([new HumanMessage("Explain recursion")], []).text).toContain(DEMO_NOTE);
  });
});
