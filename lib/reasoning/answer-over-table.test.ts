// The table reasoning engine on a small table of our own: each program kind from the built-in rules,
// exact arithmetic with inputs traced to their cells and spans, declining instead of guessing, and
// the model path against the fake OpenAI server (a valid program is executed, an invalid one or a
// failing endpoint falls back to the rules).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAIServer } from "@/test/fake-openai-server";
import { answerOverTable, answerOverTableByRules, type TableAnswer, type TableQuestion } from "./answer-over-table";
import { modelProgramProposer } from "./llm-program";

const TABLE = [
  ["", "Year ended June 30,", "", ""],
  ["", "2021", "2020", "2019"],
  ["Subscriptions", "$ 1,210.5", "$ 980.0", "$ 812.3"],
  ["Hardware", "305.1", "(12.4)", "220.0"],
  ["Total revenue", "$1,515.6", "$967.6", "$1,032.3"],
];
const PARAGRAPHS = [
  "Revenue by product line is shown below (in millions).",
  "Hardware revenue turned negative in 2020 because of a product recall. Subscriptions are billed monthly in advance.",
];

function ask(question: string): TableAnswer {
  return answerOverTableByRules({ table: TABLE, paragraphs: PARAGRAPHS, question });
}

function answered(answer: TableAnswer) {
  if (answer.status !== "answered") throw new Error(`expected an answer, got: ${answer.reason}`);
  return answer;
}

describe("answerOverTableByRules", () => {
  it("looks up a cell by row label and year, with the table's scale from its paragraph", () => {
    const answer = answered(ask("What was the total revenue in 2020?"));
    expect(answer.program.op).toBe("span");
    expect(answer.values).toEqual(["$967.6"]);
    expect(answer.scale).toBe("million");
    expect(answer.inputs).toEqual([
      {
        kind: "cell",
        row: 4,
        column: 2,
        rowLabel: "Total revenue",
        columnLabel: "Year ended June 30, 2020",
        text: "$967.6",
      },
    ]);
  });

  it("computes a change later minus earlier, exactly, with negatives in parentheses", () => {
    const answer = answered(ask("What was the change in hardware revenue from 2020 to 2021?"));
    expect(answer.program.op).toBe("difference");
    expect(answer.values).toEqual(["317.5"]);
    expect(answer.scale).toBe("million");
    expect(answer.inputs.map((input) => input.text)).toEqual(["305.1", "(12.4)"]);
  });

  it("computes a percentage change in percent, rounded to two places", () => {
    const answer = answered(ask("What was the percentage change in subscriptions between 2019 and 2020?"));
    expect(answer.program.op).toBe("change-ratio");
    // (980.0 − 812.3) / 812.3 = 20.645… %
    expect(answer.values).toEqual(["20.65"]);
    expect(answer.scale).toBe("percent");
  });

  it("averages the years asked, or every year when none is named", () => {
    expect(answered(ask("What is the average subscriptions revenue in 2020 and 2021?")).values).toEqual(["1095.25"]);
    expect(answered(ask("What was the average total revenue?")).values).toEqual(["1171.83"]);
  });

  it("sums two years, and takes a part over the total as a proportion", () => {
    expect(answered(ask("What is the sum of hardware revenue in 2019 and 2021?")).values).toEqual(["525.1"]);
    const share = answered(ask("What percentage of total revenue came from subscriptions in 2021?"));
    expect(share.program).toMatchObject({ op: "ratio", percent: true });
    expect(share.values).toEqual(["79.87"]);
    expect(share.scale).toBe("percent");
    // "What share of" asks the same proportion (the chat's filing questions word it so).
    const asShare = answered(ask("What share of total revenue came from subscriptions in 2021?"));
    expect(asShare.program).toMatchObject({ op: "ratio", percent: true });
    expect(asShare.values).toEqual(["79.87"]);
  });

  it("names the year of the largest or smallest value", () => {
    const largest = answered(ask("In which year was total revenue the largest?"));
    expect(largest.program).toMatchObject({ op: "compare", direction: "largest" });
    expect(largest.values).toEqual(["2021"]);
    expect(answered(ask("In which year was hardware revenue lower?")).values).toEqual(["2020"]);
  });

  it("filters and counts years against a threshold stated in the question's own scale", () => {
    const below = answered(ask("In which years was total revenue below 1,000 million?"));
    expect(below.program).toMatchObject({ op: "filter", comparison: "below", threshold: "1000" });
    expect(below.values).toEqual(["2020"]);
    const count = answered(ask("How many years did subscriptions exceed $0.9 billion?"));
    expect(count.program).toMatchObject({ op: "count", comparison: "above", threshold: "900" });
    expect(count.values).toEqual(["2"]);
  });

  it("lists the years of the table, and answers a text question with the part of its sentence that answers, with offsets", () => {
    expect(answered(ask("Which years does the table provide information for?")).values).toEqual([
      "2021",
      "2020",
      "2019",
    ]);
    const why = answered(ask("Why did hardware revenue turn negative?"));
    expect(why.program.op).toBe("span");
    const [input] = why.inputs;
    if (input?.kind !== "span") throw new Error("expected a span");
    expect(input.paragraph).toBe(1);
    expect(PARAGRAPHS[1]!.slice(input.start, input.end)).toBe(input.text);
    // The words the question already says are left out of the answer.
    expect(why.values[0]).toBe("turned negative in 2020 because of a product recall");
  });

  it("lists and counts the rows under a section heading or above the total they make up", () => {
    const table = [
      ["", "2021", "2020"],
      ["Current assets", "", ""],
      ["Receivables", "40", "35"],
      ["Inventories", "25", "30"],
      ["Total current assets", "65", "65"],
    ];
    const listed = answerOverTableByRules({
      table,
      paragraphs: [],
      question: "What are the components of current assets?",
    });
    expect(answered(listed).values).toEqual(["Receivables", "Inventories"]);
    const counted = answerOverTableByRules({
      table,
      paragraphs: [],
      question: "How many types of current assets are there?",
    });
    expect(answered(counted).values).toEqual(["2"]);
  });

  it("says it cannot decide when nothing in the table or the paragraphs matches", () => {
    const answer = ask("What was the dividend per share?");
    expect(answer.status).toBe("cannot-decide");
  });
});

describe("answerOverTable with a model", () => {
  const server = new FakeOpenAIServer({ mode: "json" });
  let proposer: ReturnType<typeof modelProgramProposer>;
  const input: TableQuestion = {
    table: TABLE,
    paragraphs: PARAGRAPHS,
    question: "How much more subscriptions than hardware revenue was there in 2021?",
  };

  beforeAll(async () => {
    await server.start();
    proposer = modelProgramProposer({ baseURL: server.baseURL, model: "fake-model", timeoutMs: 5000 });
  });
  afterAll(async () => {
    await server.stop();
  });

  it("executes the model's program in exact decimals (the model never computes)", async () => {
    server.setMode(
      "json",
      JSON.stringify({
        op: "difference",
        operands: [
          { row: 2, column: 1 },
          { row: 3, column: 1 },
        ],
      }),
    );
    const answer = answered(await answerOverTable(input, proposer));
    expect(answer.proposedBy).toBe("model");
    expect(answer.values).toEqual(["905.4"]);
    expect(answer.inputs.map((i) => i.text)).toEqual(["$ 1,210.5", "305.1"]);
    const request = server.requests.at(-1)?.body as { messages: { content: unknown }[] };
    expect(JSON.stringify(request.messages)).toContain("[2,1] $ 1,210.5");
  });

  it("turns a quoted span into offsets of its paragraph", async () => {
    server.setMode(
      "json",
      JSON.stringify({ op: "span", operands: [{ paragraph: 1, text: "billed monthly in advance" }] }),
    );
    const answer = answered(await answerOverTable({ ...input, question: "How are subscriptions billed?" }, proposer));
    expect(answer.inputs[0]).toMatchObject({ kind: "span", paragraph: 1, text: "billed monthly in advance" });
    const [span] = answer.program.operands;
    expect(span).toEqual({ kind: "span", paragraph: 1, start: 88, end: 113 });
  });

  it("falls back to the rules when an operand does not exist, a span is not in the text, or the endpoint fails", async () => {
    const rules = answered(ask(input.question));
    for (const text of [
      JSON.stringify({
        op: "difference",
        operands: [
          { row: 2, column: 9 },
          { row: 3, column: 1 },
        ],
      }),
      JSON.stringify({ op: "span", operands: [{ paragraph: 0, text: "words that are not there" }] }),
      "not json at all",
    ]) {
      server.setMode("json", text);
      const answer = answered(await answerOverTable(input, proposer));
      expect(answer.proposedBy).toBe("rules");
      expect(answer.values).toEqual(rules.values);
    }
    server.setMode("error");
    expect(answered(await answerOverTable(input, proposer)).proposedBy).toBe("rules");
  });
});
