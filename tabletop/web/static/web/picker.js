// The move picker: where moves multiply (DOS matches, Dr. Gomb placements, Dr. Hrubec card
// targets) the page offers them a click at a time instead of a button per combination.
//
// The server describes the legal moves in a JSON data block (#picker-data, built by
// tabletop/web/pickers/); this script builds the picker in #picker and hides the plain buttons
// it covers. Each click leaves enabled only the parts some legal move still needs; once the
// parts name moves that differ only in a wild card's naming, the naming is asked (defaulting to
// the one that earns a bonus) if there is more than one; the DOS call is one checkbox. "Play" is
// a submit button of the same form with the same name and value as the plain button of that
// move, so the server sees exactly the same POST. Without script the plain buttons stay.
//
// The picker never traps: the parts every legal move needs start picked and a click on one
// keeps it picked and says why; nothing else starts picked; and the hint always names, in the
// game's words, the step still missing (or says the move is ready).
// No inline script or handlers: the Content-Security-Policy runs none.
(() => {
  "use strict";

  // What was picked, kept across a swap of the panel that leaves the position as it was (a
  // table-talk line, someone's presence), so that a poll does not undo the player's clicks.
  let kept = null;

  function counted(keys) {
    const counts = new Map();
    for (const key of keys) {
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    return counts;
  }

  // Whether the picked keys are all among the move's, as often as picked.
  function fits(move, picked) {
    const needed = counted(move.keys);
    for (const [key, count] of picked) {
      if ((needed.get(key) || 0) < count) {
        return false;
      }
    }
    return true;
  }

  function exactly(move, picked, size) {
    return move.keys.length === size && fits(move, picked);
  }

  function element(tag, className, text) {
    const made = document.createElement(tag);
    if (className) {
      made.className = className;
    }
    if (text !== undefined) {
      made.textContent = text;
    }
    return made;
  }

  function setUp() {
    const root = document.getElementById("picker");
    const block = document.getElementById("picker-data");
    if (!root || !block || root.dataset.ready) {
      return;
    }
    const form = root.closest("form");
    const panel = document.getElementById("panel");
    if (!form) {
      return;
    }
    let data;
    try {
      data = JSON.parse(block.textContent);
    } catch (error) {
      return; // the plain buttons stay
    }
    root.dataset.ready = "yes";
    const where = `${window.location.pathname}@${panel ? panel.dataset.seq : ""}`;
    const picker = build(root, form, data);
    picker.restore(kept && kept.where === where ? kept : null);
    picker.onChange = (picked) => {
      kept = { where, ...picked };
    };
    root.hidden = false;
  }

  // The script's words, in the page's language: the template fills data-*-word on #picker.
  function wordsOf(root) {
    const word = (name, english) => root.dataset[name] || english;
    return {
      play: word("playWord", "Play"),
      clear: word("clearWord", "Clear"),
      choose: word("chooseWord", "Choose"),
      call: word("callWord", "Call"),
      showList: word("showListWord", "Show every move as a button"),
      hideList: word("hideListWord", "Hide the list of moves"),
    };
  }

  function build(root, form, data) {
    const moves = data.moves;
    const words = wordsOf(root);
    const parts = [];
    const title = element("h3", "picker-title", data.title);
    root.append(title);
    const hint = element("p", "picker-hint");
    hint.id = "picker-hint";
    hint.setAttribute("aria-live", "polite");
    root.append(hint);
    const forced = counted(data.forced || []);
    const steps = [];

    data.steps.forEach((step, index) => {
      if (!step.parts.length) {
        return;
      }
      const keys = new Set(step.parts.map((described) => described.key));
      const kinds = new Map(step.parts.map((described) => [described.key, described.kind || ""]));
      steps.push({ ...step, keys, kinds });
      const group = element("div", "picker-step");
      group.setAttribute("role", "group");
      const heading = element("div", "picker-step-title", step.title);
      heading.id = `picker-step-${index}`;
      group.setAttribute("aria-labelledby", heading.id);
      const row = element("div", "picker-parts");
      for (const described of step.parts) {
        const button = element("button", "picker-part", described.label);
        button.type = "button";
        button.dataset.key = described.key;
        if (described.tone) {
          button.classList.add(`tone-${described.tone}`);
        }
        button.setAttribute("aria-pressed", "false");
        button.setAttribute("aria-describedby", hint.id);
        button.addEventListener("click", () => {
          const key = button.dataset.key;
          if (button.getAttribute("aria-pressed") !== "true") {
            button.setAttribute("aria-pressed", "true");
          } else if (pickedKeys().filter((k) => k === key).length <= (forced.get(key) || 0)) {
            update(step.forced); // every legal move needs it: unpicking it would lead nowhere
            return;
          } else {
            button.setAttribute("aria-pressed", "false");
          }
          update();
        });
        parts.push(button);
        row.append(button);
      }
      group.append(heading, row);
      root.append(group);
    });

    const choiceLabel = element("label", "picker-choice");
    choiceLabel.append(element("span", "", `${data.choice_title || words.choose} `));
    const choice = element("select", "");
    // The choice and the call have no name, so the form never posts them: the move says it all.
    choiceLabel.append(choice);
    choiceLabel.hidden = true;
    choice.addEventListener("change", () => update());

    const callLabel = element("label", "picker-call");
    const call = element("input", "");
    call.type = "checkbox";
    // The rules make the call a duty (forgetting it costs two cards), so it starts ticked.
    call.checked = true;
    callLabel.append(call, document.createTextNode(` ${data.call_title || words.call}`));
    callLabel.hidden = true;
    call.addEventListener("change", () => update());

    const preview = element("p", "picker-preview");
    preview.setAttribute("aria-live", "polite");

    const play = element("button", "button go picker-play", words.play);
    play.type = "submit";
    play.name = "move";
    play.value = "";
    play.disabled = true;
    play.dataset.pickerPlay = "yes";

    const clear = element("button", "button ghost picker-clear", words.clear);
    clear.type = "button";
    clear.addEventListener("click", () => {
      pressForced();
      call.checked = true;
      update();
      const first = parts.find((button) => !button.disabled);
      if (first) {
        first.focus();
      }
    });

    const showList = element("button", "linklike picker-show-list", words.showList);
    showList.type = "button";
    showList.setAttribute("aria-expanded", "false");

    const actions = element("div", "picker-actions");
    actions.append(play, clear, showList);
    root.append(choiceLabel, callLabel, preview, actions);

    // The plain buttons the picker covers, and the boxes they leave empty, hidden until asked.
    const covered = new Set(moves.map((move) => move.value));
    const hidden = [];
    for (const button of form.querySelectorAll('button[name="move"]')) {
      if (!button.dataset.pickerPlay && covered.has(button.value)) {
        hidden.push(button);
      }
    }
    for (const selector of data.hide_empty || []) {
      for (const box of form.querySelectorAll(selector)) {
        const controls = box.querySelectorAll('button[name="move"]');
        if (controls.length && [...controls].every((button) => hidden.includes(button))) {
          hidden.push(box);
        }
      }
    }
    function listShown(shown) {
      for (const item of hidden) {
        item.hidden = !shown;
      }
      showList.setAttribute("aria-expanded", shown ? "true" : "false");
      showList.textContent = shown ? words.hideList : words.showList;
    }
    showList.addEventListener("click", () => {
      listShown(showList.getAttribute("aria-expanded") !== "true");
    });
    listShown(false);

    const api = { onChange: null, restore };

    // Only the parts every legal move needs start picked (pickers/__init__.py's forced_keys), so that
    // Play starts enabled only on the one legal move.
    function pressForced() {
      const left = new Map(forced);
      for (const button of parts) {
        const key = button.dataset.key;
        const press = (left.get(key) || 0) > 0;
        if (press) {
          left.set(key, left.get(key) - 1);
        }
        button.setAttribute("aria-pressed", press ? "true" : "false");
      }
    }

    function pickedKeys() {
      return parts
        .filter((button) => button.getAttribute("aria-pressed") === "true")
        .map((button) => button.dataset.key);
    }

    // How many more parts of `step` the move still needs beyond those picked.
    function stillNeeded(step, move, picked) {
      let more = 0;
      for (const [key, count] of counted(move.keys)) {
        if (step.keys.has(key)) {
          more += count - (picked.get(key) || 0);
        }
      }
      return more;
    }

    // The step's sentence for what is left to pick in it, chosen by the kinds of its parts
    // still enabled ("+" when a move needs two or more of them).
    function prompt(step, most) {
      const kinds = new Set();
      for (const button of parts) {
        const key = button.dataset.key;
        const open = !button.disabled && button.getAttribute("aria-pressed") !== "true";
        if (open && step.keys.has(key)) {
          kinds.add(step.kinds.get(key));
        }
      }
      const sorted = [...kinds].sort().join(" ");
      const prompts = step.prompts || {};
      return (
        (most > 1 && prompts[`${sorted}+`]) || prompts[sorted] || prompts[""] || step.title || ""
      );
    }

    // What the player does next: the first step every move still needs (else the first some
    // move needs), or that the move is ready; then any step that may still take more.
    function nextSentences(consistent, picked, ready, choosing) {
      const needs = steps.map((step) => {
        const more = consistent.map((move) => stillNeeded(step, move, picked));
        return { step, least: Math.min(...more), most: Math.max(...more) };
      });
      const sentences = [];
      let missing = null;
      if (ready) {
        sentences.push(choosing && data.choose ? data.choose : data.ready);
      } else {
        missing = needs.find((need) => need.least > 0) || needs.find((need) => need.most > 0);
        if (missing) {
          sentences.push(prompt(missing.step, missing.most));
        }
      }
      for (const need of needs) {
        if (need !== missing && need.most > 0 && need.step.also) {
          sentences.push(need.step.also);
        }
      }
      return sentences;
    }

    function update(notice) {
      const keys = pickedKeys();
      const picked = counted(keys);
      const consistent = moves.filter((move) => fits(move, picked));
      // A part stays enabled while some legal move needs it besides what is picked.
      for (const button of parts) {
        if (button.getAttribute("aria-pressed") === "true") {
          button.disabled = false;
          continue;
        }
        const more = counted([...keys, button.dataset.key]);
        button.disabled = !consistent.some((move) => fits(move, more));
      }
      const complete = consistent.filter((move) => exactly(move, picked, keys.length));
      const callable = consistent.some((move) => move.call);
      callLabel.hidden = !callable;
      const callNow = complete.some((move) => move.call);
      call.disabled = complete.length > 0 && !callNow;
      const calling = callable && call.checked && callNow;
      let candidates = complete.filter((move) => move.call === calling);
      if (!candidates.length) {
        candidates = complete;
      }
      const choices = [];
      for (const move of candidates) {
        if (!choices.some((known) => known.choice === move.choice)) {
          choices.push(move);
        }
      }
      let chosen = null;
      if (choices.length > 1) {
        const previous = choice.value;
        const same = choices.map((move) => move.choice).join("\n");
        if (choice.dataset.offered !== same) {
          choice.replaceChildren(
            ...choices.map((move) => {
              const option = element("option", "", move.choice_label);
              option.value = move.choice;
              return option;
            }),
          );
          choice.dataset.offered = same;
          const again = choices.find((move) => move.choice === previous);
          choice.value = (again || choices.find((move) => move.best) || choices[0]).choice;
        }
        chosen = choices.find((move) => move.choice === choice.value) || choices[0];
        choiceLabel.hidden = false;
      } else {
        choice.dataset.offered = "";
        choice.replaceChildren();
        choiceLabel.hidden = true;
        chosen = choices[0] || null;
      }
      if (chosen) {
        play.value = chosen.value;
        play.disabled = false;
        preview.textContent = chosen.preview;
      } else {
        play.value = "";
        play.disabled = true;
        preview.textContent = "";
      }
      preview.hidden = !chosen;
      const sentences = nextSentences(consistent, picked, Boolean(chosen), choices.length > 1);
      hint.textContent = [notice || "", ...sentences].filter(Boolean).join(" ");
      if (api.onChange) {
        api.onChange({ keys, call: call.checked, choice: choice.value });
      }
    }

    function restore(from) {
      pressForced();
      if (from) {
        call.checked = from.call;
        const wanted = counted(from.keys);
        for (const key of from.keys) {
          update();
          if (counted(pickedKeys()).get(key) >= wanted.get(key)) {
            continue; // a forced part, picked already
          }
          const button = parts.find(
            (b) => b.dataset.key === key && b.getAttribute("aria-pressed") !== "true" && !b.disabled,
          );
          if (button) {
            button.setAttribute("aria-pressed", "true");
          }
        }
        update();
        if (from.choice && [...choice.options].some((option) => option.value === from.choice)) {
          choice.value = from.choice;
        }
      }
      update();
    }

    return api;
  }

  // The panel is swapped by htmx after every move and every poll that finds a change: the new
  // panel brings its own data block and an empty #picker to build again.
  document.addEventListener("htmx:afterSwap", setUp);
  document.addEventListener("htmx:load", setUp);
  document.addEventListener("htmx:afterSettle", setUp);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
