// @ts-check
// The messages of protocol v1 (docs/protocol.md) as JSDoc types, for `tsc` to check app.js and
// director.js against. Types only: nothing here runs. The Rust side is tenace-server
// src/protocol.rs (messages, lobby) and tenace-online src/view.rs (the table view).

/** @typedef {import('./common.js').Seat} Seat */
/** A card, `SA`, `HT`, `D2`. @typedef {string} Card */
/** A call, `1NT`, `Pass`, `X`, `XX`. @typedef {string} Call */

/**
 * Who the view is for: a player, a kibitzer (maybe watching one seat's hand), or a person who
 * left a board in progress and sees only what the whole club may (Law 16).
 * @typedef {{ kind: 'seat', seat: Seat } | { kind: 'kibitzer', watching: Seat | null } | { kind: 'public' }} Viewer
 */

/** @typedef {{ seat: Seat, name: string | null, robot: boolean, cards: Card[] | null, card_count: number }} SeatView */
/** @typedef {{ seat: Seat, call: Call, alert: boolean, explanation: string | null }} CallView */
/** @typedef {{ seat: Seat, card: Card }} PlayedCard */
/** @typedef {{ leader: Seat, cards: PlayedCard[], winner: Seat | null }} TrickView */
/** @typedef {{ claimer: Seat, tricks: number, statement: string, awaiting: Seat[] }} ClaimView */
/** @typedef {{ by: Seat, awaiting: Seat[] }} RequestView */
/** @typedef {{ by: Seat, call: number }} QuestionView */
/** Who a chat line is for (OKb: kibitzers' remarks, private lines to one opponent). @typedef {{ kind: 'all' } | { kind: 'kibitzers' } | { kind: 'private', from: Seat, to: Seat }} Audience */
/** @typedef {{ from: string, seat: Seat | null, audience: Audience, text: string, to_name?: string | null }} ChatLine */
/** @typedef {{ results: any[], mp_percent_ns: number, imps_ns: number, rows?: ([number, number] | null)[] }} Comparison */

/**
 * @typedef {{
 *   contract: string, declarer: Seat | null, tricks: number | null, score_ns: number | null,
 *   ending: string, claim_check: [number, number] | null, comparison: Comparison | null, comparison_pending?: boolean, deal: string,
 *   [more: string]: unknown,
 * }} ResultView
 */

/** What became of a request at the table (Room::news). @typedef {{ seq: number, board: number, text: string }} NewsLine */
/** @typedef {{ board: number, contract: string, declarer: Seat | null, tricks: number | null, score_ns: number | null, mp_percent_ns?: number | null, imps_ns?: number | null }} BoardSummary */

/**
 * What one viewer may see of a table (Room::view; Laws 20F, 41D, 68B, 73B1, 76B).
 * @typedef {{
 *   table: string, name: string, set_id: string, viewer: Viewer, board: number, boards: number,
 *   dealer: Seat, vulnerability: string, seats: SeatView[], phase: string, auction: CallView[],
 *   contract: string | null, declarer: Seat | null, to_act: Seat | null, your_turn: boolean,
 *   legal_calls: Call[], legal_cards: Card[], tricks: TrickView[], tricks_ns: number, tricks_ew: number,
 *   claim: ClaimView | null, undo: RequestView | null, skip: RequestView | null,
 *   questions: QuestionView[], chat: ChatLine[], news: NewsLine[], result: ResultView | null, history: BoardSummary[], tournament?: string,
 *   [more: string]: unknown,
 * }} TableView
 */

/**
 * A table in the lobby.
 * @typedef {{
 *   table: string, name: string, set_id: string, board: number, boards: number,
 *   seats: (string | null)[], kibitzers: number, set_over: boolean, unavailable: string | null,
 *   [more: string]: unknown,
 * }} TableSummary
 */

/**
 * A tournament in the lobby (tenace-tournament's TournamentSummary).
 * @typedef {{
 *   id: string, name: string, kind: string, scoring: 'matchpoints' | 'imps', boards: number,
 *   opens_at: number, closes_at: number, phase: 'upcoming' | 'running' | 'finished', entrants: number,
 * }} TournamentSummary
 */

/** @typedef {{ board: number, contract: string, declarer: Seat | null, tricks: number | null, lead?: string, score_ns: number | null, value: number, table?: string }} BoardScore */
/** @typedef {{ rank: number, name: string, total: number, boards: number }} Standing */
/** @typedef {BoardScore & { name: string }} TravellerRow */

/**
 * What one person may see of a tournament (Law 16: travellers of the boards they played, the
 * ranking once they played them all; everything once it is over).
 * @typedef {{
 *   id: string, name: string, creator: string, kind: string, scoring: 'matchpoints' | 'imps',
 *   boards: number, opens_at: number, closes_at: number, phase: 'upcoming' | 'running' | 'finished',
 *   entrants: [string, number][], entrant_count?: number, entered: boolean, table: string | null, card: BoardScore[],
 *   ranking: Standing[] | null, ranking_gaps?: number[], travellers: Record<string, TravellerRow[]>,
 *   calls?: { number: number, by: string, room: string, at: number, reason: string, answer: [string, number, string] | null }[],
 *   traveller_boards?: number[], hands?: Record<string, { deal: string, dealer: Seat, vulnerability: string, record: any }>,
 *   round?: number, round_ends_at?: number, seat?: Seat, late?: [number, number, number][],
 * }} TournamentView
 */

/**
 * What the server sends on the WebSocket.
 * @typedef {{ type: 'welcome', protocol: number, user: string, director: boolean }
 *   | { type: 'lobby', tables: TableSummary[] }
 *   | { type: 'created', table: string }
 *   | { type: 'view', view: TableView, seq?: number, fresh?: boolean }
 *   | { type: 'view_patch', table: string, seq: number, changed?: Record<string, any>, extended?: Record<string, [number, any[]]>, removed?: string[] }
 *   | { type: 'error', message: string, law?: string | null }
 *   | { type: 'notice', message: string }
 *   | { type: 'pong' }
 *   | { type: 'tournaments', tournaments: TournamentSummary[] }
 *   | { type: 'tournament', view: TournamentView }} ServerMsg
 */

export {};
