"""The game's texts in English (lib/i18n.py loads this module only to build the dicts, then
drops it, so a board keeps the strings of one language): those of a match, and those of the
menus before it, which a board holds only while they show."""


def texts() -> dict:
    """The English texts of a match's screens, by key (lib/i18n.py)."""
    return {
        # the table (table_scene.TEXT_KEYS)
        "seats": ("You", "Right", "Partner", "Left"),
        "compass": ("South", "East", "North", "West"),
        "teams": ("Us", "Them"),
        "score": "%s %d",
        "scope": "scope %d",
        "count": "%d",
        "your_turn": "Your turn",
        # the turn line with the way to the pause menu: the person's, and a seat's while
        # watching bots; a touch board has no BACK button, a button board names it
        "your_turn_touch": ("Your turn (menu: score)", "%s to play, tap: menu"),
        "your_turn_keys": ("Your turn (menu: %s)", "%s to play (menu: %s)"),
        # by seat from the viewer's side; a match shows "your_turn" for the viewer's own
        "turns": ("Your turn", "Right to play", "Partner to play", "Left to play"),
        "turn": "%s to play",  # a name or a compass point
        "ad_before": "",  # first letters of a name after which Italian's "a" is "ad"
        "trail": "%s: %s",
        "take": "%s: %s takes %s",
        "self_take": "%s: %s takes itself",  # an ace on an empty table (RULES §7)
        "dealer": "Dealer: %s",  # before the first play of a hand
        "scopa": "Scopa! %s",  # first: a long line is cut at its end
        # the game (lib/game.py)
        "choose": "Take: %s then %s",  # the left/right and the select buttons
        "choose_touch": "Touch a take, then the card",
        # why a card has no legal play: an ace on an opening play (RULES §10 row 28), a trail
        # while another card can capture (forced_capture=turn)
        "barred": ("No ace on this lead", "You must capture"),  # 21 characters at most
        "hint": "Hint",
        "hint_take": "%s takes %s",  # card, cards taken
        "hint_trail": "Play %s",
        # Chitarrella's rule-based player would play another card: his play, his reason
        "hint_teacher": "Chitarrella's rules: %s",  # then his reason in brackets
        # menus
        "menu_help": "%s: choose",  # the select button, or "touch"
        "back": "Back",
        "pause": "Paused",
        "resume": "Resume",
        "declare": "Declare out",
        "captures": "Taken cards",  # review_captures (C-27)
        "sound": "Sound",  # on a board with a speaker, in the pause menu and the options
        "on_off": ("off", "on"),
        "sure": "Sure? %s",  # an item that cannot be undone, chosen once
        "quit": "Quit to title",
        # pass and play
        "pass_to": "Pass to %s",
        "ready": "%s: press %s",  # person, the select button
        "ready_touch": "%s: touch to go on",
        "cover_help": "Hands hidden; menu: %s",  # the back button
        "cover_help_touch": "Hands stay hidden. Menu: touch here",
        "since_turn": "Meanwhile:",  # the plays a person passed the device missed
        # end of hand and match
        "hand_title": "Hand %d: %d-%d",
        "play_on": ", play on",  # after the title: both sides at the target, no winner (C-24)
        "columns": ("", "Us", "Them", "Pts"),
        "team_cols": ("Team A", "Team B"),
        "rows": ("Cards", "Denari", "Settebello", "Primiera", "Scope", "Re bello", "Napola"),
        "match_row": "Match",
        "yes_no": ("-", "yes"),
        "next_hand": "%s: next hand",
        "result_help": "%s: result",  # the hand that decided the match
        "back_help": "%s: back",
        "touch": "Touch",
        "won": "We win %d-%d!",
        "lost": "They win %d-%d",
        "team_won": "%s wins %d-%d",
        "grade": ("", "grade 1: single", "grade 2: double", "grade 3: cappotto"),
        # why a match ended (engine/match.py REASONS); %s the seat that declared out
        "reasons": ("", "target reached", "napoleone", "%s declared out",
                    "%s declared out falsely"),
        # under the result: the hands dealt, and the scope each side made (the title's order)
        "recap": ("%d hand, scope %d-%d", "%d hands, scope %d-%d"),
        "secured": "; secured in the last hand %d-%d",  # after the recap, a declaration's
        "again": "Play again",
    }


def menu_texts() -> dict:
    """The English texts of the menus before a match (lib/title_menus.py), by key."""
    return {
        "bot": "Bot",
        "title": "Scopone",
        "subtitle": "scientifico",
        "continue": "Continue",
        "vs_bots": "Play with bots",
        "pass": "Pass and play",
        "watch": "Watch bots",
        "howto": "How to play",
        "next_page": "Next page",
        "options": "Options",
        "stats": "Statistics",
        "language": "Language",
        "lang_names": ("English", "Italiano"),
        "start": "Start",
        "preset": "Rules",
        "tre_gradi": "Tre gradi",
        "target": "Target",
        "re_bello": "Re bello",
        "napola": "Napola",
        "napola_names": ("off", "full", "max 6"),
        "ace_sweep": "Ace sweeps",
        "deal_shape": "Deal",
        "review_captures": "Review takes",
        "review_names": ("never", "first takes", "ours"),
        "level": "Difficulty",
        "level_names": ("easy", "normal", "hard"),
        "pace": "Bot speed",
        "pace_names": ("normal", "fast", "slow"),
        "deck": "Cards",
        "deck_names": ("Italian", "French"),
        "seat_rows": ("Seat 1, team A", "Seat 2, team B", "Seat 3, team A", "Seat 4, team B"),
        "players": "Players",
        "names": "Names",
        "person": "Person %d",
        "delete": "Delete",
        "done": "Done",
        "name_empty": "A name needs a letter",
        "name_full": "%d letters at most",
        "need_people": "Pick at least 2 people",
        "twice": "%s sits twice",
        "save_bad": "Saved match unreadable",  # the reason goes to the serial console
        "save_lost": "The saved match is lost",
        "stats_bad": "Statistics unreadable",  # the reason goes to the serial console
        "stats_won": "Won %d of %d",  # won, played
        "stat_scope": "Scope made by us",  # the people's side, against bots
        "stat_best": "Best match",
        "reset": "Reset statistics",
    }
