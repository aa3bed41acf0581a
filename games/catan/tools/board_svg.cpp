// board_svg: draws the board geometry (CAT-2) with every id, for games/catan/docs/board.md.
//
//   board_svg              SVG picture on stdout (hex, intersection, edge and harbor slot ids)
//   board_svg --markdown   the id tables of games/catan/docs/board.md on stdout
//
// Everything is read from engine/geometry and starter_board(), so the picture and the
// tables always match the engine.
#include <cmath>
#include <cstdio>
#include <cstring>

#include "games/catan/engine/board.hpp"
#include "games/catan/engine/geometry.hpp"

using namespace hexhall::catan;

namespace {

constexpr double kSize = 64.0;  // hex centre to corner, px
constexpr double kPadX = 150.0;
constexpr double kPadTop = 110.0;
constexpr double kPadBottom = 140.0;

const char* const kSideNames[6] = {"NE", "E", "SE", "SW", "W", "NW"};

struct P {
    double x, y;
};

// Drawing units -> px (x in half hex widths, y in half hex sizes).
P to_px(int x, int y) { return {kPadX + x * std::sqrt(3.0) / 2.0 * kSize, kPadTop + y * kSize / 2.0}; }

const char* terrain_fill(Terrain t) {
    switch (t) {
        case Terrain::Forest: return "#b9d9a8";
        case Terrain::Pasture: return "#dcefb8";
        case Terrain::Fields: return "#f6e7a6";
        case Terrain::Hills: return "#efc3a4";
        case Terrain::Mountains: return "#cfd2d8";
        case Terrain::Desert: return "#f1e6cf";
    }
    return "#ffffff";
}

const char* harbor_label(HarborType h) {
    switch (h) {
        case HarborType::Generic: return "generic 3:1";
        case HarborType::Lumber: return "lumber 2:1";
        case HarborType::Wool: return "wool 2:1";
        case HarborType::Grain: return "grain 2:1";
        case HarborType::Brick: return "brick 2:1";
        case HarborType::Ore: return "ore 2:1";
    }
    return "?";
}

P intersection_px(int i) {
    const Geometry& g = geometry();
    return to_px(g.intersection_point[i][0], g.intersection_point[i][1]);
}

void print_svg() {
    const Geometry& g = geometry();
    const Board starter = starter_board();
    const double width = 2 * kPadX + 10 * std::sqrt(3.0) / 2.0 * kSize;
    const double height = kPadTop + kPadBottom + 16 * kSize / 2.0;
    std::printf(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" height=\"%.0f\" "
        "font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\">\n",
        width, height, width, height);
    std::printf("<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#d6ecf7\"/>\n", width, height);
    std::printf(
        "<text x=\"%.1f\" y=\"34\" font-size=\"20\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#222\">"
        "Hexhall board ids (CAT-2), hex colours from the starter map (CAT-3)</text>\n",
        width / 2);

    // Hexes.
    std::printf("<g id=\"hexes\" stroke=\"#6b5a3e\" stroke-width=\"2\">\n");
    for (int h = 0; h < kHexes; ++h) {
        std::printf("<polygon fill=\"%s\" points=\"", terrain_fill(starter.terrain[h]));
        for (int c = 0; c < 6; ++c) {
            const P p = intersection_px(g.hex_corner[h][c]);
            std::printf("%s%.1f,%.1f", c ? " " : "", p.x, p.y);
        }
        std::printf("\"/>\n");
    }
    std::printf("</g>\n");
    std::printf("<g id=\"hex-ids\" text-anchor=\"middle\" fill=\"#222\">\n");
    for (int h = 0; h < kHexes; ++h) {
        const P c = to_px(g.hex_center[h][0], g.hex_center[h][1]);
        std::printf("<text x=\"%.1f\" y=\"%.1f\" font-size=\"24\" font-weight=\"bold\">%d</text>\n", c.x, c.y + 2, h);
        std::printf("<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\">(%d,%d)</text>\n", c.x, c.y + 20, g.hex_row[h],
                    g.hex_pos[h]);
        std::printf("<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"#555\">%s", c.x, c.y - 20,
                    terrain_name(starter.terrain[h]));
        if (starter.number[h]) std::printf(" %d", static_cast<int>(starter.number[h]));
        std::printf("</text>\n");
    }
    std::printf("</g>\n");

    // Harbor slots: a marker off the coastal edge, joined to its two intersections.
    std::printf("<g id=\"harbors\">\n");
    for (int s = 0; s < kHarbors; ++s) {
        const auto& ends = g.edge_ends[g.harbor_edge[s]];
        const P a = intersection_px(ends[0]), b = intersection_px(ends[1]);
        const P m{(a.x + b.x) / 2, (a.y + b.y) / 2};
        const int hx = g.harbor_hex[s];
        const P c = to_px(g.hex_center[hx][0], g.hex_center[hx][1]);
        const double len = std::hypot(m.x - c.x, m.y - c.y);
        const P d{(m.x - c.x) / len, (m.y - c.y) / len};
        const P k{m.x + d.x * 34, m.y + d.y * 34};
        std::printf(
            "<path d=\"M%.1f,%.1f L%.1f,%.1f L%.1f,%.1f\" fill=\"none\" stroke=\"#8a6d3b\" stroke-width=\"5\" "
            "stroke-linecap=\"round\" stroke-linejoin=\"round\" opacity=\"0.7\"/>\n",
            a.x, a.y, k.x, k.y, b.x, b.y);
        std::printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"15\" fill=\"#fff4d6\" stroke=\"#8a6d3b\" stroke-width=\"2\"/>\n",
                    k.x, k.y);
        std::printf(
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" "
            "fill=\"#5b3f0c\">H%d</text>\n",
            k.x, k.y + 4, s);
        // Type label further out; anchored away from the board.
        const P t{k.x + d.x * 24, k.y + d.y * 24};
        const char* anchor = d.x > 0.3 ? "start" : d.x < -0.3 ? "end" : "middle";
        const double ty = d.y > 0.3 ? t.y + 12 : d.y < -0.3 ? t.y - 2 : t.y + 4;
        std::printf("<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\" text-anchor=\"%s\" fill=\"#5b3f0c\">%s</text>\n",
                    t.x, ty, anchor, harbor_label(starter.harbor[s]));
    }
    std::printf("</g>\n");

    // Edge ids at midpoints.
    std::printf("<g id=\"edges\" font-size=\"11\" text-anchor=\"middle\">\n");
    for (int e = 0; e < kEdges; ++e) {
        const P a = intersection_px(g.edge_ends[e][0]), b = intersection_px(g.edge_ends[e][1]);
        const P m{(a.x + b.x) / 2, (a.y + b.y) / 2};
        std::printf(
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"20\" height=\"14\" rx=\"3\" fill=\"#e3eeff\" stroke=\"#2f5fb3\" "
            "stroke-width=\"1\"/>\n",
            m.x - 10, m.y - 7);
        std::printf("<text x=\"%.1f\" y=\"%.1f\" fill=\"#1d3f80\">%d</text>\n", m.x, m.y + 4, e);
    }
    std::printf("</g>\n");

    // Intersection ids.
    std::printf("<g id=\"intersections\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\">\n");
    for (int i = 0; i < kIntersections; ++i) {
        const P p = intersection_px(i);
        std::printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"11\" fill=\"#ffffff\" stroke=\"#b3261e\" stroke-width=\"1.5\"/>\n",
                    p.x, p.y);
        std::printf("<text x=\"%.1f\" y=\"%.1f\" fill=\"#b3261e\">%d</text>\n", p.x, p.y + 4, i);
    }
    std::printf("</g>\n");

    // Legend.
    const double ly = height - 58;
    std::printf("<g id=\"legend\" font-size=\"13\" fill=\"#222\">\n");
    std::printf("<text x=\"20\" y=\"%.1f\" font-size=\"18\" font-weight=\"bold\">7</text>\n", ly + 6);
    std::printf("<text x=\"36\" y=\"%.1f\">hex id, (row,pos) below</text>\n", ly + 5);
    std::printf("<circle cx=\"220\" cy=\"%.1f\" r=\"11\" fill=\"#fff\" stroke=\"#b3261e\" stroke-width=\"1.5\"/>\n", ly);
    std::printf("<text x=\"220\" y=\"%.1f\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" "
                "fill=\"#b3261e\">0</text>\n",
                ly + 4);
    std::printf("<text x=\"238\" y=\"%.1f\">intersection id</text>\n", ly + 5);
    std::printf("<rect x=\"360\" y=\"%.1f\" width=\"20\" height=\"14\" rx=\"3\" fill=\"#e3eeff\" stroke=\"#2f5fb3\"/>\n",
                ly - 7);
    std::printf("<text x=\"370\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\" fill=\"#1d3f80\">0</text>\n", ly + 4);
    std::printf("<text x=\"388\" y=\"%.1f\">edge id</text>\n", ly + 5);
    std::printf("<circle cx=\"480\" cy=\"%.1f\" r=\"15\" fill=\"#fff4d6\" stroke=\"#8a6d3b\" stroke-width=\"2\"/>\n", ly);
    std::printf("<text x=\"480\" y=\"%.1f\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" "
                "fill=\"#5b3f0c\">H0</text>\n",
                ly + 4);
    std::printf("<text x=\"502\" y=\"%.1f\">harbor slot id, starter-map type</text>\n", ly + 5);
    std::printf("<text x=\"20\" y=\"%.1f\" fill=\"#444\">Hexes row by row from (1,1). Intersections and edges: top "
                "to bottom, then left to right (by point / by midpoint).</text>\n",
                ly + 30);
    std::printf("<text x=\"20\" y=\"%.1f\" fill=\"#444\">Harbor slots: clockwise from the NW side of (1,1). "
                "Terrain, number and harbor types shown are the starter map's.</text>\n",
                ly + 48);
    std::printf("</g>\n");
    std::printf("</svg>\n");
}

void print_markdown() {
    const Geometry& g = geometry();
    const Board starter = starter_board();

    std::printf("### Hex corners (intersection ids)\n\n");
    std::printf("| Hex | (row,pos) | Top | UpperRight | LowerRight | Bottom | LowerLeft | UpperLeft | Starter map |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|\n");
    for (int h = 0; h < kHexes; ++h) {
        std::printf("| %d | (%d,%d) |", h, g.hex_row[h], g.hex_pos[h]);
        for (int c = 0; c < 6; ++c) std::printf(" %d |", g.hex_corner[h][c]);
        std::printf(" %s", terrain_name(starter.terrain[h]));
        if (starter.number[h]) std::printf(" %d", starter.number[h]);
        std::printf(" |\n");
    }

    std::printf("\n### Hex sides (edge ids) and neighbouring hexes\n\n");
    std::printf("| Hex | (row,pos) | NE | E | SE | SW | W | NW | hex NE | hex E | hex SE | hex SW | hex W | hex NW |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int h = 0; h < kHexes; ++h) {
        std::printf("| %d | (%d,%d) |", h, g.hex_row[h], g.hex_pos[h]);
        for (int s = 0; s < 6; ++s) std::printf(" %d |", g.hex_side[h][s]);
        for (int s = 0; s < 6; ++s) {
            const int n = g.hex_neighbor[h][s];
            if (n == kNone)
                std::printf(" sea |");
            else
                std::printf(" %d |", n);
        }
        std::printf("\n");
    }
    std::printf("\n### Intersections\n\n");
    std::printf("| Intersection | Point (x,y) | Hexes | Edges | Adjacent intersections |\n");
    std::printf("|---|---|---|---|---|\n");
    for (int i = 0; i < kIntersections; ++i) {
        std::printf("| %d | (%d,%d) | ", i, g.intersection_point[i][0], g.intersection_point[i][1]);
        bool first = true;
        for (int8_t h : g.intersection_hexes[i])
            if (h != kNone) {
                std::printf("%s%d", first ? "" : ", ", h);
                first = false;
            }
        std::printf(" | ");
        first = true;
        for (int8_t e : g.intersection_edges[i])
            if (e != kNone) {
                std::printf("%s%d", first ? "" : ", ", e);
                first = false;
            }
        std::printf(" | ");
        first = true;
        for (int8_t n : g.intersection_neighbors[i])
            if (n != kNone) {
                std::printf("%s%d", first ? "" : ", ", n);
                first = false;
            }
        std::printf(" |\n");
    }
    std::printf("\nPoints are in drawing units: x in half hex widths, y in half hex sizes.\n");

    std::printf("\n### Edges\n\n");
    std::printf("| Edge | Ends | Hexes (side) | Coastal |\n");
    std::printf("|---|---|---|---|\n");
    for (int e = 0; e < kEdges; ++e) {
        std::printf("| %d | %d, %d | ", e, g.edge_ends[e][0], g.edge_ends[e][1]);
        bool first = true;
        for (int h = 0; h < kHexes; ++h)
            for (int s = 0; s < 6; ++s)
                if (g.hex_side[h][s] == e) {
                    std::printf("%s%d (%s)", first ? "" : ", ", h, kSideNames[s]);
                    first = false;
                }
        std::printf(" | %s |\n", g.edge_coastal[e] ? "yes" : "");
    }

    std::printf("\n### Harbor slots\n\n");
    std::printf("| Slot | Hex | (row,pos) | Side | Edge | Intersections | Starter type |\n");
    std::printf("|---|---|---|---|---|---|---|\n");
    for (int s = 0; s < kHarbors; ++s) {
        const int h = g.harbor_hex[s];
        const int e = g.harbor_edge[s];
        std::printf("| %d | %d | (%d,%d) | %s | %d | %d, %d | %s (%d) |\n", s, h, g.hex_row[h], g.hex_pos[h],
                    kSideNames[static_cast<int>(g.harbor_side[s])], e, g.edge_ends[e][0], g.edge_ends[e][1],
                    harbor_label(starter.harbor[s]), static_cast<int>(starter.harbor[s]));
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 2 && std::strcmp(argv[1], "--markdown") == 0) {
        print_markdown();
        return 0;
    }
    if (argc != 1) {
        std::fprintf(stderr, "usage: %s [--markdown]\n", argv[0]);
        return 2;
    }
    print_svg();
    return 0;
}
