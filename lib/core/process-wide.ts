// State that every bundle of one server process shares. Next compiles the start hook (instrumentation.ts) and the
// routes into separate bundles, each with its own copy of a module's top-level variables: a cache the start hook
// fills in its copy stays empty in the routes' (measured: each server process read every company's history at start
// and again on its first question about each company, in the middle of other chats).
const processGlobals = globalThis as typeof globalThis & { finGround?: Map<string, { value?: unknown }> };

/** The process's one slot named `name` (the same object in every bundle); its value is unset until someone sets it. */
export function processSlot<T>(name: string): { value?: T } {
  const slots = (processGlobals.finGround ??= new Map());
  let slot = slots.get(name);
  if (!slot) slots.set(name, (slot = {}));
  return slot as { value?: T };
}
