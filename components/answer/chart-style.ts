// Shared chart styling, matching the slate palette of the tables.
export const CHART_AXIS_TICK = { fill: "#64748b", fontSize: 12 };
export const CHART_AXIS_WIDTH = 64;
