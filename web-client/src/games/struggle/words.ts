// The Struggle for Catan's words for the shell (eager, with the descriptor): its title, built-in bots
// and tournament label, in every language the shell has (src/games/words.ts reads them).
import type { GameWords } from "../game-meta";

export const struggleWords: GameWords = {
  en: {
    "title": "The Struggle for Catan",
    "bot.random": "Random bot",
    "bot.heuristic": "Heuristic bot",
    "bot.search": "Search bot",
    "tournament.base": "The Struggle for Catan",
  },
  "zh-Hant": {
    "title": "卡坦島爭霸（卡牌遊戲）",
    "bot.random": "隨機機器人",
    "bot.heuristic": "策略機器人",
    "bot.search": "搜尋機器人",
    "tournament.base": "卡坦島爭霸（卡牌遊戲）",
  },
  "zh-Hans": {
    "title": "卡坦岛争霸（卡牌游戏）",
    "bot.random": "随机机器人",
    "bot.heuristic": "策略机器人",
    "bot.search": "搜索机器人",
    "tournament.base": "卡坦岛争霸（卡牌游戏）",
  },
};
