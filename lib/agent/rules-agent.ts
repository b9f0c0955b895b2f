// The built-in agent behind the FinancialAgent interface: deterministic, in process, no model.
import type { FinancialAgent } from "./agent";
import { parseQuestion } from "./parse-question";

export const rulesAgent: FinancialAgent = {
  name: "rules",
  parse: async (question, options) => parseQuestion(question, { today: options.today }),
};
