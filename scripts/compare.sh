#!/bin/sh
# STUB
exit 1
