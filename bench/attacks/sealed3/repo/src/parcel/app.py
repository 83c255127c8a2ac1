import os

import sentry_sdk
from fastapi import FastAPI

sentry_sdk.init(dsn=os.environ.get("SENTRY_DSN"), send_default_pii=False)
ALLOWED_ORIGINS = os.environ.get("PARCEL_ALLOWED_ORIGINS", "").split(",")
DEBUG = os.environ.get("PARCEL_DEBUG", "false") == "true"
app = FastAPI(debug=DEBUG)
