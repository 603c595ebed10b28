from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Hands"

    def ready(self) -> None:
        from games import roles  # noqa: F401  (registers the hand record's model permissions)
        from games.services.hand_fee_port import PendingHandFees
        from rake.selectors.pending import pending_hand_fees_set

        # rake's pages and day close read pending hand fees through this; rake does not read hands.
        pending_hand_fees_set(PendingHandFees())
