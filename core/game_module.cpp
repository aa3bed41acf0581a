#include "core/game_module.hpp"

namespace hexhall::core {

void GameRegistry::add(GameModule module) {
    for (GameModule& m : modules_)
        if (m.name == module.name) return void(m = std::move(module));
    modules_.push_back(std::move(module));
}

const GameModule* GameRegistry::find(std::string_view name) const {
    for (const GameModule& m : modules_)
        if (m.name == name) return &m;
    return nullptr;
}

std::string GameRegistry::names() const {
    std::string out;
    for (const GameModule& m : modules_) out += (out.empty() ? "\"" : ", \"") + m.name + "\"";
    return out;
}

GameRegistry& game_registry() {
    static GameRegistry registry;
    return registry;
}

}  // namespace hexhall::core
