"""nbgrader's settings for the lesson questions as a course (see README.md beside this file).

nbgrader reads this file from the folder it runs in: run every ``nbgrader`` command from the
course's own folder (a copy of ``notebooks/graded/``).
"""
c = get_config()  # noqa: F821 (nbgrader defines get_config when it reads this file)

# The course's name in the gradebook and in the exchange folder that release, fetch, submit
# and collect share. Change it when one machine holds several courses.
c.CourseDirectory.course_id = "rulebook-lessons"

# The student's version of a solution cell: every answer is a Python value named `answer`,
# checked by the test cell right below it.
c.ClearSolutions.code_stub = {"python": "answer = None  # your answer"}

# A question's cells run in a second or two; a cell that takes longer than this is stuck (a
# student's endless loop) and is graded as failed instead of holding up the class's grading.
c.Execute.timeout = 60
