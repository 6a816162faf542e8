// The browser client's entry: each page says which it is (``<body data-page>``).

import "./games/sewn";
import "./games/sow";
import "./games/harvest";
import "./games/four_fields";
import { lobbyPage } from "./lobby";
import { replayPage } from "./replay";
import { tablePage } from "./table";

function start(): void {
  const page = document.body.dataset.page;
  if (page === "lobby") lobbyPage();
  else if (page === "table") tablePage();
  else if (page === "replay") replayPage();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
