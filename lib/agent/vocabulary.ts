// The words the agent already reads as something else (grammar, dates, metrics, intent cues, sector
// and peer words): a company on the SEC list whose name or ticker is one of them ("Target", "ALL",
// "EPS", "Energy") is not matched by that word alone, so that the word keeps its everyday meaning.
import { isGroupWord } from "./groups";
import { isMetricWord } from "./metrics";
import { ACRONYMS, CALENDAR_WORDS, IGNORABLE_WORDS, NEAR_MISS_WORDS, NUMBER_WORDS } from "./lexicon/everyday-words";

/** Intent cues, date and ranking words, comparison words (see intent.ts, dates.ts, groups.ts). */
const QUESTION_WORDS: ReadonlySet<string> = new Set(
  `compare compared comparing comparison versus vs against relative difference differ differs between
  top bottom highest lowest largest biggest smallest greatest least best worst strongest weakest fastest slowest
  most rank ranks ranked ranking rankings leader leaders leading order ordered sort sorted
  than better worse higher lower bigger smaller larger faster slower stronger weaker outperform underperform
  trend trends trending growth grow grew grows grown growing trajectory history historic historical historically
  increase increased decrease decreased decline declined change changed changes rise rose risen rising fall fell
  fallen falling drop dropped dropping evolve evolved
  why explain explained explanation drove drive drives driving caused cause causes reason reasons driver drivers
  invest invests investing investment investments investor investors buy buying sell selling hold holding short
  worth good bad great smart wise safe solid risky sound undervalued overvalued underpriced overpriced
  overview summary summarize snapshot doing faring fared
  fiscal fy ttm ltm ytd qtd mtd q1 q2 q3 q4 h1 h2 annual annually quarterly monthly weekly daily today yesterday
  since before after until through till ago last past previous prior next trailing this latest recent
  over above under below exceeding exceeds exceed more less greater fewer least
  new old big small high low open close price prices stock share shares
  track tracking summarize summarise analyze analyse assess evaluate review check monitor forecast estimate
  predict describe break breakdown plot rate rated rating outlook guidance consensus average median mean sum`
    .split(/\s+/)
    .filter((w) => w !== ""),
);

/** True when the agent reads the (normalized) word as something other than a company. */
export function isAgentWord(word: string): boolean {
  return (
    IGNORABLE_WORDS.has(word) ||
    CALENDAR_WORDS.has(word) ||
    ACRONYMS.has(word) ||
    NEAR_MISS_WORDS.has(word) ||
    NUMBER_WORDS.has(word) ||
    QUESTION_WORDS.has(word) ||
    isGroupWord(word) ||
    isMetricWord(word) ||
    /^\d+$/.test(word)
  );
}

/** Words that many company names start with or consist of ("American", "First", "Capital"): a name
 * made only of them ("First Capital") is matched only when written with a capital, and a company is
 * never named by one of them alone. */
export const COMMON_NAME_WORDS: ReadonlySet<string> = new Set(
  `american america national international global united first general new capital financial trust bank bancorp
  group partners resources systems technologies technology industries services solutions health pharmaceuticals
  therapeutics realty properties acquisition acquisitions income fund funds growth value select opportunities
  opportunity strategic real estate investment investors high yield dividend equity credit municipal bond bonds
  premium total return returns core enhanced plus north south east west northern southern eastern western pacific
  atlantic central mid great royal standard universal western world digital energy power city community home
  life mutual security securities advisors management holdings corp inc co trust medical bio one two three
  green blue red black white gold silver star sun first citizens peoples people
  us usa china europe european asia asian canadian canada british japan japanese india indian spdr ishares`
    .split(/\s+/)
    .filter((w) => w !== ""),
);

/** Words that name (or start the names of) well-known listed companies but are, written in lower case,
 * everyday English words ("target", "block", "snap"), given names ("ralph", "henry") or places ("texas",
 * "toronto"): such a name needs its capital (see lowercaseName in companies.ts). Four letters or more:
 * shorter names need their capital anyway. */
export const EVERYDAY_NAME_WORDS: ReadonlySet<string> = new Set(
  `advance advanced analog applied automatic block brown church discover dollar electronic extra fair federal
  genuine host hunt laboratory live news pool shell state take target trip waste align arch atlas booking carrier
  charter crown delta disco fifth icon imperial intuitive iron jack monster orange oriental packaging principal
  quest regions rocket sealed smith super trade union waters archer ares baker cadence cardinal carnival
  caterpillar consolidated constellation cooper corning dominion duke fidelity flutter ford globe intercontinental
  juniper kinder lamb marathon marsh martin monolithic mosaic pinnacle pioneer progressive republic snap snowflake
  southwest tapestry tractor travelers wells whirlpool zebra costar microchip cognizant intuit micron occidental
  prudential quanta regency vale vertex workday lumen mohawk dominos phillips apollo
  arthur avery edison emerson franklin henry kimberly lincoln morgan otis parker philip ralph raymond robert ross
  simon stanley tyler walt williams
  alaska alexandria boston bristol cincinnati devon dover essex hartford illinois mexican minnesota norfolk
  norwegian penn taiwan texas tokyo toronto deutsche`
    .split(/\s+/)
    .filter((w) => w !== ""),
);
