/* The script of a page written by `jelimvre publish` (src/report/replay_page.cpp). It replays the
   games the page holds from the data in #page-data; everything else is already in the HTML.

   The data: {"pool": [lines], "games": [{"opening": frame, "frames": [{"key", "lines",
   "position", "text"}]}], "words": {"position": "Position:"}}, the words in the page's
   language. A frame's picture is the game's own SVG picture, stored as pairs
   [from, count, from, count, ...]: from >= 0 takes the pool's lines from..from+count-1, from < 0
   the previous frame's lines from -from-1 on. Two positions of a game share most of their
   lines, so a 100-turn game keeps to a few hundred kilobytes.

   Contract with the tests (tests/browser/publish_test.py): the shown game's figure.board
   carries the position string in data-position and the frame's key in data-turn; the turn
   buttons carry data-frame; the URL fragment is #turn=KEY or #game=N&turn=KEY. */
(function () {
  'use strict';
  var root = document.documentElement;
  root.classList.remove('no-js');
  root.classList.add('js');

  var data = JSON.parse(document.getElementById('page-data').textContent);
  var pool = data.pool;
  var sections = Array.prototype.slice.call(document.querySelectorAll('section.game'));
  var views = sections.map(function (section, index) {
    return {
      section: section,
      game: data.games[index],
      frame: data.games[index].opening,
      board: section.querySelector('figure.board'),
      picture: section.querySelector('.board-picture'),
      description: section.querySelector('.board-description'),
      position: section.querySelector('.board-position'),
      turns: Array.prototype.slice.call(section.querySelectorAll('button.turn')),
      panel: section.querySelector('.moves-panel'),
      first: section.querySelector('button.nav-first'),
      previous: section.querySelector('button.nav-prev'),
      next: section.querySelector('button.nav-next'),
      last: section.querySelector('button.nav-last')
    };
  });
  var shown = 0;  /* the index of the game on screen */

  /* The pool numbers of every frame's lines, each frame made from the one before it. */
  data.games.forEach(function (game) {
    var previous = [];
    game.frames.forEach(function (frame) {
      var numbers = [];
      var pairs = frame.lines;
      for (var i = 0; i < pairs.length; i += 2) {
        var from = pairs[i];
        var count = pairs[i + 1];
        for (var k = 0; k < count; ++k) numbers.push(from >= 0 ? from + k : previous[-from - 1 + k]);
      }
      frame.numbers = numbers;
      previous = numbers;
    });
  });

  function pictureOf(frame) {
    return frame.numbers.map(function (number) { return pool[number]; }).join('\n');
  }

  /* Scrolls the list of turns, and only it, so that the current turn shows: scrollIntoView
     would scroll the window too, and take the header and the board away from the reader. */
  function keepInView(panel, button) {
    if (!panel) return;
    var outer = panel.getBoundingClientRect();
    var inner = button.getBoundingClientRect();
    if (inner.top < outer.top) panel.scrollTop -= outer.top - inner.top;
    else if (inner.bottom > outer.bottom) panel.scrollTop += inner.bottom - outer.bottom;
  }

  function lastFrame(view) {
    return view.game.frames.length - 1;
  }

  function fragmentOf(view, frameIndex) {
    var key = 'turn=' + view.game.frames[frameIndex].key;
    return views.length > 1 ? 'game=' + (views.indexOf(view) + 1) + '&' + key : key;
  }

  function draw(view, frameIndex, remember) {
    if (!view.board) return;  /* an unreadable record: nothing was replayed, nothing is drawn */
    var frame = view.game.frames[frameIndex];
    view.frame = frameIndex;
    view.picture.innerHTML = pictureOf(frame);
    view.picture.setAttribute('aria-label',
                              frame.text + ' ' + data.words.position + ' ' + frame.position);
    view.board.setAttribute('data-position', frame.position);
    view.board.setAttribute('data-turn', frame.key);
    view.description.textContent = frame.text;
    view.position.textContent = frame.position;
    view.turns.forEach(function (button) {
      /* The faulty turn's frame is the position it started from, its refused action drawn; a
         greyed turn has no position at all. */
      var current = button.hasAttribute('data-frame') &&
                    Number(button.getAttribute('data-frame')) === frameIndex;
      if (current) {
        button.setAttribute('aria-current', 'step');
        keepInView(view.panel, button);
      } else {
        button.removeAttribute('aria-current');
      }
    });
    view.first.disabled = view.previous.disabled = frameIndex === 0;
    view.next.disabled = view.last.disabled = frameIndex === lastFrame(view);
    if (remember && window.history && window.history.replaceState) {
      try {
        window.history.replaceState(null, '', '#' + fragmentOf(view, frameIndex));
      } catch (error) {
        /* A page opened where the history may not change (some file: viewers): the fragment
           only stays as it was. */
      }
    }
  }

  function showGame(index) {
    shown = index;
    views.forEach(function (view, i) {
      view.section.hidden = i !== index;
    });
    document.querySelectorAll('.game-list a').forEach(function (link, i) {
      if (i === index) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    });
  }

  /* "#turn=14b", "#game=2&turn=14b", "#game=2"; "14..." and "14." are taken for "14b" and "14". */
  function applyFragment() {
    var fields = {};
    window.location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
      var at = pair.indexOf('=');
      if (at > 0) fields[decodeURIComponent(pair.slice(0, at))] = decodeURIComponent(pair.slice(at + 1));
    });
    var gameIndex = shown;
    if (fields.game !== undefined) {
      var number = parseInt(fields.game, 10);
      if (number >= 1 && number <= views.length) gameIndex = number - 1;
    }
    showGame(gameIndex);
    var view = views[gameIndex];
    if (fields.turn !== undefined) {
      var key = fields.turn.replace(/\.\.\.$/, 'b').replace(/\.$/, '');
      for (var f = 0; f < view.game.frames.length; ++f) {
        if (view.game.frames[f].key === key) {
          draw(view, f, false);
          return;
        }
      }
    }
    draw(view, view.frame, false);
  }

  views.forEach(function (view) {
    if (!view.board) return;
    view.first.addEventListener('click', function () { draw(view, 0, true); });
    view.previous.addEventListener('click', function () {
      draw(view, Math.max(0, view.frame - 1), true);
    });
    view.next.addEventListener('click', function () {
      draw(view, Math.min(lastFrame(view), view.frame + 1), true);
    });
    view.last.addEventListener('click', function () { draw(view, lastFrame(view), true); });
    view.turns.forEach(function (button) {
      button.addEventListener('click', function () {
        draw(view, Number(button.getAttribute('data-frame')), true);
      });
    });
    draw(view, view.frame, false);
  });

  document.addEventListener('keydown', function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var view = views[shown];
    if (!view.board) return;
    var target = {
      ArrowLeft: Math.max(0, view.frame - 1),
      ArrowRight: Math.min(lastFrame(view), view.frame + 1),
      Home: 0,
      End: lastFrame(view)
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    draw(view, target, true);
  });

  window.addEventListener('hashchange', applyFragment);
  applyFragment();
})();
