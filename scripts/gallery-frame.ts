// A stand-in for a frame of the game behind the overlay's screenshot: the overlay page is transparent (OBS
// lays it over the game), and no game footage ships with Matchday. An SVG scene: sky, sunlit walls with a
// doorway, crates, a sandy floor, the crosshair and the game's own HUD corners (health, ammo), so one can
// judge the scorebug's contrast and placement over a busy, bright picture.
const SCENE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1920 1080">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6f9cc4"/><stop offset="1" stop-color="#d7e3ea"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b8976a"/><stop offset="1" stop-color="#8a6c48"/></linearGradient>
</defs>
<rect width="1920" height="1080" fill="url(#sky)"/>
<polygon points="0,180 620,300 620,760 0,980" fill="#d9bf93"/>
<polygon points="1920,160 1300,300 1300,760 1920,980" fill="#c4a677"/>
<rect x="620" y="300" width="680" height="460" fill="#e0c89c"/>
<rect x="840" y="420" width="240" height="340" fill="#3b2e24"/>
<rect x="840" y="420" width="240" height="24" fill="#5a4634"/>
<polygon points="0,980 620,760 1300,760 1920,980 1920,1080 0,1080" fill="url(#floor)"/>
<rect x="380" y="690" width="170" height="170" fill="#8b6a3e" stroke="#5e4527" stroke-width="8"/>
<rect x="1430" y="660" width="210" height="210" fill="#7e5f37" stroke="#5e4527" stroke-width="8"/>
<g stroke="#7dff7d" stroke-width="3"><line x1="960" y1="520" x2="960" y2="534"/><line x1="960" y1="546" x2="960" y2="560"/><line x1="940" y1="540" x2="954" y2="540"/><line x1="966" y1="540" x2="980" y2="540"/></g>
<g font-family="sans-serif" font-weight="700" font-size="44" fill="#f4f4f4">
<rect x="28" y="990" width="330" height="64" rx="6" fill="#000" fill-opacity="0.45"/><text x="52" y="1038">+ 100   ▮ 100</text>
<rect x="1652" y="990" width="240" height="64" rx="6" fill="#000" fill-opacity="0.45"/><text x="1680" y="1038">30 / 90</text>
</g>
</svg>`;

/** A style for the overlay page: the scene behind its transparent background, over the whole viewport. */
export const GAME_FRAME_CSS = `html.overlay-page { background: url("data:image/svg+xml,${encodeURIComponent(SCENE)}") center / cover no-repeat fixed; }`;
