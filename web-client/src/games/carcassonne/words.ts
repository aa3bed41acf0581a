// Carcassonne's words for the shell (eager, with the descriptor): its title, create-room options,
// built-in bots and tournament label, in every language the shell has (src/games/words.ts reads them).
import type { GameWords } from "../game-meta";

export const carcassonneWords: GameWords = {
  en: {
    "title": "Carcassonne",
    "opt.edition": "Rules edition",
    "opt.edition.second": "2nd edition",
    "opt.edition.third": "3rd edition",
    "bot.random": "Random bot",
    "bot.heuristic": "Heuristic bot",
    "bot.search": "Search bot",
    "tournament.base": "Carcassonne",
  },
  "zh-Hant": {
    "title": "卡卡送",
    "opt.edition": "規則版本",
    "opt.edition.second": "第二版",
    "opt.edition.third": "第三版",
    "bot.random": "隨機機器人",
    "bot.heuristic": "策略機器人",
    "bot.search": "搜尋機器人",
    "tournament.base": "卡卡送",
  },
  "zh-Hans": {
    "title": "卡卡送",
    "opt.edition": "规则版本",
    "opt.edition.second": "第二版",
    "opt.edition.third": "第三版",
    "bot.random": "随机机器人",
    "bot.heuristic": "策略机器人",
    "bot.search": "搜索机器人",
    "tournament.base": "卡卡送",
  },
};
