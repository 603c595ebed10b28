from django.apps import AppConfig


class RakeConfig(AppConfig):
    name = "rake"
    verbose_name = "Fees and reports"
