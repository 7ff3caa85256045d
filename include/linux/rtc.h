/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Real-time clocks: a tiny RTC class with Linux's names.  A driver
 * registers a struct rtc_device with read_time/set_time operations; the
 * first one registered sets the system clock at boot and is what `date`
 * reads and sets.
 */
#ifndef _LINUX_RTC_H
#define _LINUX_RTC_H

#include <linux/types.h>
#include <linux/device.h>

typedef s64 time64_t;

/* Broken-down time, as Linux's (and C's struct tm). */
struct rtc_time {
	int tm_sec;   /* 0..59 */
	int tm_min;   /* 0..59 */
	int tm_hour;  /* 0..23 */
	int tm_mday;  /* 1..31 */
	int tm_mon;   /* 0..11 */
	int tm_year;  /* years since 1900 */
	int tm_wday;  /* 0..6, Sunday = 0 */
	int tm_yday;  /* 0..365 */
	int tm_isdst;
};

struct rtc_class_ops {
	int (*read_time)(struct device *dev, struct rtc_time *tm);
	int (*set_time)(struct device *dev, struct rtc_time *tm);
};

struct rtc_device {
	int id;                     /* N of "rtcN" */
	char name[8];               /* "rtc0" */
	struct device *parent;      /* the chip's device; ops get this */
	const struct rtc_class_ops *ops;
	struct rtc_device *next;
};

static inline bool is_leap_year(unsigned int year)
{
	return (!(year % 4) && (year % 100)) || !(year % 400);
}

/* Days in @month (0..11) of @year (full year, 2024). */
int rtc_month_days(unsigned int month, unsigned int year);
/* Day of the year (0..365). */
int rtc_year_days(unsigned int day, unsigned int month, unsigned int year);

/* Return: 0, or -EINVAL when a field is out of range (31 April, second
 * 60, a year before 1970, ...). */
int rtc_valid_tm(const struct rtc_time *tm);
time64_t rtc_tm_to_time64(const struct rtc_time *tm);
void rtc_time64_to_tm(time64_t time, struct rtc_time *tm);

/**
 * rtc_device_register() - add an RTC to the class
 * @name:   the chip, for the log ("ds1338")
 * @parent: the chip's device, passed to @ops
 * Return: the RTC or ERR_PTR(-EINVAL) (no ops), ERR_PTR(-ENOMEM).
 * The first RTC registered sets the system clock.
 */
struct rtc_device *rtc_device_register(const char *name, struct device *parent,
				       const struct rtc_class_ops *ops);
void rtc_device_unregister(struct rtc_device *rtc);

/* The RTC named rtcN, or NULL. */
struct rtc_device *rtc_class_find(int id);

/* Return: 0; -ENODEV without read_time; the driver's error; -EINVAL when
 * the chip holds an invalid time. */
int rtc_read_time(struct rtc_device *rtc, struct rtc_time *tm);
/* Return: 0; -EINVAL for an invalid time (checked before the chip is
 * touched); -ENODEV without set_time; the driver's error; -EIO when the
 * chip reads back another time (logged). */
int rtc_set_time(struct rtc_device *rtc, struct rtc_time *tm);

/**
 * rtc_parse_iso8601() - "2027-01-01T00:00:00" or "...Z" into @tm
 * Return: 0, or -EINVAL for anything else, including impossible dates.
 */
int rtc_parse_iso8601(const char *s, struct rtc_time *tm);
/* "2027-01-01T00:00:00Z" into @buf (at least 21 bytes). */
void rtc_format_iso8601(const struct rtc_time *tm, char *buf, size_t size);

/* ---- system clock (wall time since the epoch, set from the RTC) ---- */

/* Set the system clock to @secs (UTC seconds since 1970). */
void timekeeping_set_real_seconds(time64_t secs);
/* The system clock; -1 when nothing set it. */
time64_t ktime_get_real_seconds(void);

#endif
