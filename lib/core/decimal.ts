// The one decimal configuration for every exact computation, on the server and in the browser. Values
// are exact decimal strings (numeric(38,10) at most); 50 significant digits hold any of them, so sums
// are exact and quotients (percent changes, margins, ratios) carry no visible error. Rounding is
// half-up (away from zero), the rule of every value shown (lib/format/values.ts). A clone, never
// `Decimal.set`: no module's import changes another module's arithmetic.
import DecimalJs from "decimal.js";

export const Decimal = DecimalJs.clone({ precision: 50, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = DecimalJs;
